"""Interrupting the kiln kernel: SIGINT (what Jupyter sends with the kernelspec's
`interrupt_mode: signal`) and `interrupt_request` on the control channel, during an
interpreted `while True: pass`, during a loop the JIT compiled, and during calls that
block in the operating system (`time.sleep`, `select.select`, a subprocess waited for).
Each must bring the kernel back to idle with KeyboardInterrupt in under a second, every
time, and the next cell runs."""

import re
import time
import unittest

from kernel_support import TIMEOUT, KernelTestCase

# How long the loop runs before the interrupt: long enough for the JIT to compile it
# (it does after 100 iterations), short enough to keep the suite quick.
SETTLE = 0.5
LIMIT = 1.0

WHILE_TRUE = "while True:\n    pass"
COMPILED = "s = 0\nfor i in range(10**10):\n    s += i"


class Interrupts(KernelTestCase):
    def by_signal(self):
        self.km.interrupt_kernel()

    def by_message(self):
        msg = self.kc.session.msg("interrupt_request", {})
        self.kc.control_channel.send(msg)
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["msg_type"], "interrupt_reply")
        self.assertEqual(reply["content"]["status"], "ok")

    def interrupt_running(self, code, interrupt):
        """Runs `code`, interrupts it once it runs; returns the execution count."""
        self.assertEqual(self.km.kernel_spec.interrupt_mode, "signal")
        msg_id = self.kc.execute(code)
        while True:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "execute_input":
                break
        time.sleep(SETTLE)
        start = time.monotonic()
        interrupt()
        reply = self.shell_reply(msg_id, timeout=10)["content"]
        published = self.outputs(msg_id, timeout=10)
        elapsed = time.monotonic() - start
        self.assertEqual(reply["status"], "error", reply)
        self.assertEqual(reply["ename"], "KeyboardInterrupt")
        errors = [m["content"]["ename"] for m in published if m["msg_type"] == "error"]
        self.assertEqual(errors, ["KeyboardInterrupt"])
        self.assertLess(elapsed, LIMIT, f"back to idle {elapsed:.3f} s after the interrupt")
        self.assertEqual(self.result_of("'next cell runs'"), "'next cell runs'")
        return reply["execution_count"]

    def assert_compiled(self, count):
        _, published = self.execute("%jit")
        report = self.stdout_of(published)
        line = re.search(rf"<cell {count}>:2 +for +tier (\d)", report)
        self.assertIsNotNone(line, f"the loop of cell {count} did not compile:\n{report}")
        # The variables hold the state the loop had reached: `i` already the next value
        # or `s` already added to, and far past where compiled code was entered.
        self.assertEqual(self.result_of("s in (i * (i + 1) // 2, i * (i - 1) // 2)"), "True")
        self.assertEqual(self.result_of("i > 10**6"), "True")

    def test_while_true_by_signal(self):
        self.interrupt_running(WHILE_TRUE, self.by_signal)

    def test_while_true_by_interrupt_request(self):
        self.interrupt_running(WHILE_TRUE, self.by_message)

    def test_compiled_loop_by_signal(self):
        self.assert_compiled(self.interrupt_running(COMPILED, self.by_signal))

    def test_compiled_loop_by_interrupt_request(self):
        self.assert_compiled(self.interrupt_running(COMPILED, self.by_message))

    def test_shell_command_by_signal(self):
        # SIGINT goes to the kernel's process group: the command stops too.
        self.interrupt_running("!sleep 30", self.by_signal)

    def test_shell_command_by_interrupt_request(self):
        # As ipykernel does, the kernel signals its own process group for the message.
        self.interrupt_running("!sleep 30", self.by_message)

    def test_sleep_by_signal_every_time(self):
        # The signal reaches some thread of the kernel; the sleeping one must wake.
        for _ in range(5):
            self.interrupt_running("import time\ntime.sleep(60)", self.by_signal)

    def test_sleep_by_interrupt_request_every_time(self):
        for _ in range(5):
            self.interrupt_running("import time\ntime.sleep(60)", self.by_message)

    def test_select_by_signal(self):
        self.interrupt_running("import select\nselect.select([], [], [], 60)", self.by_signal)

    def test_select_by_interrupt_request(self):
        self.interrupt_running(
            "import select\nselect.select([], [], [], 60)", self.by_message
        )

    def test_subprocess_by_signal(self):
        self.interrupt_running("import subprocess\nsubprocess.run(['sleep', '60'])",
                               self.by_signal)

    def test_subprocess_by_interrupt_request(self):
        self.interrupt_running("import subprocess\nsubprocess.run(['sleep', '60'])",
                               self.by_message)

    def test_subprocess_in_its_own_session_by_interrupt_request(self):
        # The process-group signal does not reach this child: the wait itself must end.
        self.interrupt_running(
            "import subprocess\n"
            "subprocess.run(['sleep', '60'], start_new_session=True)",
            self.by_message,
        )

    def test_socket_read_by_signal(self):
        self.interrupt_running(
            "import socket\na, b = socket.socketpair()\n"
            "try:\n    a.recv(1)\nfinally:\n    a.close()\n    b.close()",
            self.by_signal,
        )

    def test_input_is_interrupted(self):
        msg_id = self.kc.execute("input('waiting> ')", allow_stdin=True)
        request = self.kc.stdin_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(request["msg_type"], "input_request")
        start = time.monotonic()
        self.by_signal()
        reply = self.shell_reply(msg_id, timeout=10)["content"]
        self.outputs(msg_id)
        self.assertEqual(reply["ename"], "KeyboardInterrupt")
        self.assertLess(time.monotonic() - start, LIMIT)
        self.assertEqual(self.result_of("1 + 1"), "2")

    def test_user_code_can_catch_the_interrupt(self):
        msg_id = self.kc.execute(
            "try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n"
            "    caught = 'caught'\ncaught"
        )
        time.sleep(SETTLE)
        self.by_message()
        reply = self.shell_reply(msg_id, timeout=10)["content"]
        self.outputs(msg_id)
        self.assertEqual(reply["status"], "ok")
        # Nothing of the interrupt is left over for the next cell.
        self.assertEqual(self.result_of("sum(range(10**5))"), "4999950000")


if __name__ == "__main__":
    unittest.main()
