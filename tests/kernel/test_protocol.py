"""The kiln kernel under malformed and hostile messages, and the parts of the protocol
jupyter_kernel_test does not reach: stop_on_error, silent, store_history,
user_expressions, input(), comms, control-channel requests, shutdown and restart, and
output written to file descriptors 1 and 2, and the kernel's exit when the process that
started it dies."""

import datetime
import hashlib
import hmac
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

from kernel_support import TIMEOUT, KernelTestCase


class MalformedMessages(KernelTestCase):
    """Each bad message is refused and logged with its reason, nothing of it runs, no
    reply comes, and the kernel keeps serving."""

    def raw(self, msg_type, content, key=None, parts=None):
        """The frames of a message, signed with `key` (the connection's by default);
        `parts` replaces the four JSON frames."""
        key = self.km.session.key if key is None else key
        header = {
            "msg_id": uuid.uuid4().hex,
            "username": "test",
            "session": self.kc.session.session,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
            "msg_type": msg_type,
            "version": "5.3",
        }
        if parts is None:
            parts = [json.dumps(x).encode() for x in (header, {}, {}, content)]
        signature = hmac.new(key, b"".join(parts), hashlib.sha256).hexdigest().encode()
        return header["msg_id"], [b"<IDS|MSG>", signature, *parts]

    def send_shell(self, frames):
        self.kc.shell_channel.socket.send_multipart(frames)

    def assert_no_reply(self, channel, wait=1.0):
        with self.assertRaises(queue.Empty, msg="the kernel answered a refused message"):
            channel.get_msg(timeout=wait)

    def assert_still_serving(self):
        self.assertEqual(self.result_of("6 * 7"), "42")

    def marker(self):
        path = os.path.join(tempfile.gettempdir(), f"kiln-kernel-marker-{uuid.uuid4().hex}")
        return path, f"open({path!r}, 'w').close()"

    def test_wrong_signature_is_refused_and_not_executed(self):
        path, code = self.marker()
        _, frames = self.raw("execute_request", {"code": code, "silent": False,
                                                  "store_history": True},
                             key=b"not the connection key")
        self.send_shell(frames)
        self.assert_no_reply(self.kc.shell_channel)
        self.wait_for_log("refused a message on shell: bad signature")
        self.assertFalse(os.path.exists(path), "a message with a wrong signature ran")
        self.assert_still_serving()

    def test_wrong_signature_on_control_is_refused(self):
        _, frames = self.raw("shutdown_request", {"restart": False}, key=b"wrong")
        self.kc.control_channel.socket.send_multipart(frames)
        self.assert_no_reply(self.kc.control_channel)
        self.wait_for_log("refused a message on control: bad signature")
        self.assertTrue(self.km.is_alive())
        self.assert_still_serving()

    def test_replayed_message_is_refused(self):
        path, code = self.marker()
        msg_id, frames = self.raw("execute_request", {"code": f"{code}\n'ran'",
                                                       "silent": False, "store_history": True})
        self.send_shell(frames)
        self.assertEqual(self.shell_reply(msg_id)["content"]["status"], "ok")
        os.unlink(path)
        self.send_shell(frames)
        self.assert_no_reply(self.kc.shell_channel)
        self.wait_for_log("replayed message")
        self.assertFalse(os.path.exists(path), "a replayed message ran again")
        self.assert_still_serving()

    def test_truncated_multipart_is_refused(self):
        _, frames = self.raw("execute_request", {"code": "1", "silent": False,
                                                  "store_history": True})
        self.send_shell(frames[:3])
        self.assert_no_reply(self.kc.shell_channel)
        self.wait_for_log("truncated: 2 frame(s) after the delimiter")
        self.send_shell([b"no delimiter", b"at all"])
        self.wait_for_log("no <IDS|MSG> delimiter frame")
        self.assert_still_serving()

    def test_invalid_json_is_refused(self):
        header = json.dumps({"msg_id": "x", "username": "u", "session": "s",
                             "date": "2026-01-01T00:00:00Z", "msg_type": "execute_request",
                             "version": "5.3"}).encode()
        _, frames = self.raw("execute_request", None,
                             parts=[header, b"{}", b"{}", b'{"code": "1", '])
        self.send_shell(frames)
        self.assert_no_reply(self.kc.shell_channel)
        self.wait_for_log("invalid JSON in the content frame")
        _, frames = self.raw("execute_request", None,
                             parts=[b"[not a header", b"{}", b"{}", b"{}"])
        self.send_shell(frames)
        self.wait_for_log("invalid JSON in the header frame")
        _, frames = self.raw("execute_request", None,
                             parts=[b'{"msg_type": 3}', b"{}", b"{}", b"{}"])
        self.send_shell(frames)
        self.wait_for_log("bad header")
        self.assert_still_serving()

    def test_unknown_message_types_are_logged_and_ignored(self):
        msg_id, frames = self.raw("frobnicate_request", {"x": 1})
        self.send_shell(frames)
        self.assert_no_reply(self.kc.shell_channel)
        self.wait_for_log('unknown message type "frobnicate_request" on shell: ignored')
        # Like every request, it is framed by busy and idle.
        states = [m["content"]["execution_state"] for m in self.outputs(msg_id)]
        self.assertEqual(states, ["busy", "idle"])
        _, frames = self.raw("frobnicate_request", {})
        self.kc.control_channel.socket.send_multipart(frames)
        self.wait_for_log('unknown message type "frobnicate_request" on control: ignored')
        self.assert_still_serving()

    def test_a_known_request_with_unusable_content_gets_an_error_reply(self):
        msg_id, frames = self.raw("execute_request", {"silent": False})
        self.send_shell(frames)
        reply = self.shell_reply(msg_id)["content"]
        self.assertEqual(reply["status"], "error")
        self.assertIn("code", reply["evalue"])
        self.wait_for_log("bad execute_request")
        self.assert_still_serving()


class Execution(KernelTestCase):
    def test_stop_on_error_aborts_the_queued_cells(self):
        first = self.kc.execute("import time\ntime.sleep(0.5)\n1 / 0")
        queued = [self.kc.execute("aborted_a = 1"), self.kc.execute("aborted_b = 2")]
        self.assertEqual(self.shell_reply(first)["content"]["ename"], "ZeroDivisionError")
        for msg_id in queued:
            self.assertEqual(self.shell_reply(msg_id)["content"]["status"], "aborted")
        self.assertEqual(self.result_of("'aborted_a' in dir(), 'aborted_b' in dir()"),
                         "(False, False)")

    def test_without_stop_on_error_the_queue_runs(self):
        first = self.kc.execute("import time\ntime.sleep(0.3)\n1 / 0", stop_on_error=False)
        second = self.kc.execute("ran_after_error = True")
        self.assertEqual(self.shell_reply(first)["content"]["status"], "error")
        self.assertEqual(self.shell_reply(second)["content"]["status"], "ok")
        self.assertEqual(self.result_of("ran_after_error"), "True")

    def test_silent_publishes_nothing_and_keeps_the_count(self):
        before, _ = self.execute("1")
        reply, published = self.execute("print('quiet')\n2", silent=True)
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(reply["execution_count"], before["execution_count"])
        self.assertEqual([t for t, _ in published], ["status", "status"])

    def test_store_history_false_keeps_the_count_and_the_history(self):
        before, _ = self.execute("'stored'")
        reply, published = self.execute("'not stored'", store_history=False)
        self.assertEqual(reply["execution_count"], before["execution_count"])
        self.assertIn("execute_result", [t for t, _ in published])
        self.kc.history(hist_access_type="tail", n=1, raw=True, output=False)
        history = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]["history"]
        self.assertEqual(history[0][2], "'stored'")

    def test_execution_counts_match_input_result_and_reply(self):
        reply, published = self.execute("'counted'")
        inputs = [c["execution_count"] for t, c in published if t == "execute_input"]
        results = [c["execution_count"] for t, c in published if t == "execute_result"]
        self.assertEqual(inputs, [reply["execution_count"]])
        self.assertEqual(results, [reply["execution_count"]])
        again, _ = self.execute("'counted again'")
        self.assertEqual(again["execution_count"], reply["execution_count"] + 1)

    def test_output_streams_while_the_cell_runs(self):
        msg_id = self.kc.execute(
            "import time\nprint('first', flush=True)\ntime.sleep(1.0)\nprint('second')"
        )
        while True:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream":
                break
        self.assertEqual(msg["content"]["text"], "first\n")
        with self.assertRaises(queue.Empty, msg="the reply came before the cell ended"):
            self.kc.get_shell_msg(timeout=0.3)
        self.assertEqual(self.shell_reply(msg_id)["content"]["status"], "ok")

    def test_output_is_batched_but_keeps_flowing(self):
        # Two writes per print, 400 prints over about a second: a few messages, not
        # 800, and not one at the end either.
        _, published = self.execute(
            "import time\nfor i in range(400):\n    print(i)\n    time.sleep(0.0025)"
        )
        streams = [c["text"] for t, c in published if t == "stream"]
        self.assertEqual("".join(streams), "".join(f"{i}\n" for i in range(400)))
        self.assertGreaterEqual(len(streams), 3)
        self.assertLess(len(streams), 100)

    def test_threads_print_into_the_cell(self):
        _, published = self.execute(
            "import threading\n"
            "worker = threading.Thread(target=lambda: print('from a thread'))\n"
            "worker.start()\nworker.join()\nprint('from the cell')"
        )
        self.assertEqual(self.stdout_of(published), "from a thread\nfrom the cell\n")

    def test_errors_carry_the_cells_traceback(self):
        reply, published = self.execute("def f():\n    return {}['k']\nf()")
        self.assertEqual(reply["status"], "error")
        self.assertEqual((reply["ename"], reply["evalue"]), ("KeyError", "'k'"))
        errors = [c for t, c in published if t == "error"]
        self.assertEqual(len(errors), 1)
        text = "\n".join(errors[0]["traceback"])
        self.assertIn("line 2, in f", text)
        self.assertIn("return {}['k']", text)

    def test_huge_allocations_raise_memory_error_and_the_session_goes_on(self):
        # An allocation the machine cannot make is a MemoryError, not an abort that
        # loses the user's whole session (outside-tester report, issue 15).
        self.execute("kept = 42")
        for cell in ("[0] * 10**12", "'a' * 10**12", "bytearray(10**12)",
                     "import numpy as np\nnp.zeros(10**13)"):
            reply, _ = self.execute(cell)
            self.assertEqual((reply["status"], reply["ename"]), ("error", "MemoryError"), cell)
        self.assertEqual(self.result_of("kept"), "42")

    def test_modules_in_the_working_directory_import(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "kiln_nb_local.py"), "w") as f:
                f.write("VALUE = 'local'\n")
            self.assertEqual(
                self.result_of(f"import os\nos.chdir({folder!r})\n"
                               "import kiln_nb_local\nkiln_nb_local.VALUE"),
                "'local'",
            )

    def test_user_expressions(self):
        reply, _ = self.execute("ue = 21", user_expressions={"double": "ue * 2",
                                                             "bad": "undefined_name"})
        expressions = reply["user_expressions"]
        self.assertEqual(expressions["double"]["status"], "ok")
        self.assertEqual(expressions["double"]["data"]["text/plain"], "42")
        self.assertEqual(expressions["bad"]["status"], "error")
        self.assertEqual(expressions["bad"]["ename"], "NameError")

    def test_magics_and_shell_escapes(self):
        _, published = self.execute("%time total = sum(range(1000))")
        self.assertIn("Wall time", self.stdout_of(published))
        self.assertEqual(self.result_of("total"), "499500")
        _, published = self.execute("!echo from-the-shell")
        self.assertEqual(self.stdout_of(published), "from-the-shell\n")
        _, published = self.execute("%who")
        self.assertIn("total", self.stdout_of(published))
        _, published = self.execute("%env KILN_KERNEL_TEST_VAR=yes")
        self.assertEqual(self.result_of("import os; os.environ['KILN_KERNEL_TEST_VAR']"),
                         "'yes'")
        _, published = self.execute("%jit")
        self.assertIn("jit report", self.stdout_of(published))

    def test_jit_magic_shows_the_parallel_decisions(self):
        # A nest tier 2 may split: `%jit` says what it decided, and why where serial
        # (a machine of one core says so).
        reply, _ = self.execute(
            "import numpy as np\n"
            "def fill(out):\n"
            "    for i in range(out.shape[0]):\n"
            "        for j in range(out.shape[1]):\n"
            "            acc = 0.0\n"
            "            for k in range(20):\n"
            "                acc += (i + k) * 0.5 + j\n"
            "            out[i, j] = acc\n"
            "    return out\n"
            "for _ in range(3):\n"
            "    grid = fill(np.zeros((200, 200)))"
        )
        self.assertEqual(reply["status"], "ok", reply)
        _, published = self.execute("%jit")
        text = self.stdout_of(published)
        self.assertIn("tier 1", text)
        self.assertTrue(
            "outer loop parallel (tier 2)" in text or "one thread to run on" in text, text
        )

    def test_get_ipython_as_notebooks_call_it(self):
        _, published = self.execute("get_ipython().system('echo via-get-ipython')")
        self.assertEqual(self.stdout_of(published), "via-get-ipython\n")
        _, published = self.execute("get_ipython().run_line_magic('time', 'x = 1')")
        self.assertIn("Wall time", self.stdout_of(published))
        self.assertEqual(
            self.result_of("from IPython import get_ipython\nget_ipython().user_ns['x']"), "1"
        )

    def test_help_is_a_page_payload(self):
        reply, published = self.execute("len??")
        self.assertEqual(reply["status"], "ok")
        (payload,) = reply["payload"]
        self.assertEqual(payload["source"], "page")
        self.assertIn("Return the number of items", payload["data"]["text/plain"])
        self.assertEqual(self.stdout_of(published), "")

    def test_rich_results_and_displays(self):
        _, published = self.execute(
            "class Card:\n"
            "    def _repr_html_(self):\n"
            "        return '<b>card</b>'\n"
            "    def _repr_markdown_(self):\n"
            "        return '**card**'\n"
            "Card()"
        )
        (result,) = [c for t, c in published if t == "execute_result"]
        self.assertEqual(result["data"]["text/html"], "<b>card</b>")
        self.assertEqual(result["data"]["text/markdown"], "**card**")
        # display() needs no import, as in ipykernel; a trailing ';' hides the result.
        _, published = self.execute("display(Card()); Card();")
        self.assertEqual([t for t, _ in published if t in ("display_data", "execute_result")],
                         ["display_data"])

    def test_update_display_and_clear_output(self):
        _, published = self.execute(
            "h = display('v1', display_id='progress')\nh.update('v2')\n"
            "from IPython.display import clear_output\nclear_output(wait=True)"
        )
        kinds = [(t, c) for t, c in published if t != "status" and t != "execute_input"]
        self.assertEqual([t for t, _ in kinds],
                         ["display_data", "update_display_data", "clear_output"])
        self.assertEqual(kinds[0][1]["transient"], {"display_id": "progress"})
        self.assertEqual(kinds[1][1]["data"]["text/plain"], "'v2'")
        self.assertEqual(kinds[1][1]["transient"], {"display_id": "progress"})
        self.assertEqual(kinds[2][1], {"wait": True})


class Input(KernelTestCase):
    def test_input_asks_the_front_end(self):
        msg_id = self.kc.execute("answer = input('Your name? ')\nanswer.upper()",
                                 allow_stdin=True)
        request = self.kc.stdin_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(request["msg_type"], "input_request")
        self.assertEqual(request["content"], {"prompt": "Your name? ", "password": False})
        self.assertEqual(request["parent_header"]["msg_id"], msg_id)
        self.kc.input("kiln")
        self.assertEqual(self.shell_reply(msg_id)["content"]["status"], "ok")
        self.assertEqual(self.result_of("answer"), "'kiln'")

    def test_getpass_asks_for_a_password(self):
        msg_id = self.kc.execute("import getpass\nsecret = getpass.getpass()",
                                 allow_stdin=True)
        request = self.kc.stdin_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(request["content"]["password"], True)
        self.kc.input("hunter2")
        self.assertEqual(self.shell_reply(msg_id)["content"]["status"], "ok")
        self.assertEqual(self.result_of("len(secret)"), "7")

    def test_input_without_stdin_raises(self):
        reply, _ = self.execute("input()", allow_stdin=False)
        self.assertEqual(reply["ename"], "StdinNotImplementedError")
        self.assertEqual(
            reply["evalue"],
            "input() was called, but this frontend does not support input requests.",
        )
        reply, _ = self.execute("import getpass; getpass.getpass()", allow_stdin=False)
        self.assertEqual(reply["ename"], "StdinNotImplementedError")
        self.assertIn("getpass() was called", reply["evalue"])


class ControlAndComms(KernelTestCase):
    def control(self, msg_type, content=None):
        msg = self.kc.session.msg(msg_type, content or {})
        self.kc.control_channel.send(msg)
        while True:
            reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                return reply

    def test_kernel_info_on_control(self):
        reply = self.control("kernel_info_request")
        self.assertEqual(reply["msg_type"], "kernel_info_reply")
        info = reply["content"]
        self.assertEqual(info["implementation"], "kiln")
        self.assertEqual(info["protocol_version"], "5.3")
        self.assertEqual(info["language_info"]["name"], "python")
        self.assertIn("kiln", info["banner"])

    def test_interrupt_while_idle_changes_nothing(self):
        reply = self.control("interrupt_request")
        self.assertEqual(reply["content"]["status"], "ok")
        self.km.interrupt_kernel()
        self.wait_for_log("SIGINT while idle")
        self.assertEqual(self.result_of("'still fine'"), "'still fine'")

    def test_comm_info_and_comm_open(self):
        self.kc.comm_info()
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["content"], {"status": "ok", "comms": {}})
        msg = self.kc.session.msg("comm_open", {"comm_id": "c1", "target_name": "jupyter.widget",
                                                "data": {}})
        self.kc.shell_channel.send(msg)
        closes = [m for m in self.outputs(msg["header"]["msg_id"])
                  if m["msg_type"] == "comm_close"]
        self.assertEqual([m["content"]["comm_id"] for m in closes], ["c1"])
        self.wait_for_log("no comm targets")


class ShutdownAndRestart(KernelTestCase):
    def test_restart_gives_a_fresh_kernel(self):
        self.execute("before_restart = 1")
        old_pid = self.km.provisioner.pid
        self.km.restart_kernel(now=False)
        self.kc.wait_for_ready(timeout=TIMEOUT)
        self.assertNotEqual(self.km.provisioner.pid, old_pid)
        self.assertEqual(self.result_of("'before_restart' in dir()"), "False")

    def shut_down(self):
        """Sends shutdown_request on control; returns how long the process took to end."""
        msg = self.kc.session.msg("shutdown_request", {"restart": False})
        self.kc.control_channel.send(msg)
        start = time.monotonic()
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["content"], {"status": "ok", "restart": False})
        while self.km.is_alive() and time.monotonic() - start < 10:
            time.sleep(0.02)
        self.assertFalse(self.km.is_alive(), "the kernel did not exit after shutdown")
        self.assertEqual(self.km.provisioner.process.wait(), 0)
        elapsed = time.monotonic() - start
        # For the next test of this class, and tearDownClass.
        self.km.start_kernel(stderr=self.log)
        self.kc.wait_for_ready(timeout=TIMEOUT)
        return elapsed

    def test_shutdown_request_ends_the_process(self):
        self.assertLess(self.shut_down(), 2.0)

    def test_shutdown_stops_a_running_cell(self):
        self.kc.execute("while True:\n    pass")
        time.sleep(0.3)
        self.assertLess(self.shut_down(), 2.0)

    def test_shutdown_ends_a_cell_that_swallows_interrupts(self):
        self.kc.execute("while True:\n    try:\n        while True:\n            pass\n"
                        "    except KeyboardInterrupt:\n        pass")
        time.sleep(0.3)
        # After the 3 s the kernel gives a running cell to stop.
        self.assertLess(self.shut_down(), 5.0)
        self.wait_for_log("did not stop after shutdown_request")


class FdOutput(KernelTestCase):
    """What reaches fds 1 and 2 without sys.stdout/sys.stderr (os.write, os.system, a
    subprocess's inherited output) is published as that stream's output of the cell,
    before its idle, in the order it was written; the kernel's log stays out of it."""

    def streams(self, published):
        return [(c["name"], c["text"]) for t, c in published if t == "stream"]

    def check(self, code, name, text):
        reply, published = self.execute(code)
        self.assertEqual(reply["status"], "ok", reply)
        found = "".join(t for n, t in self.streams(published) if n == name)
        self.assertEqual(found, text, f"{code!r} published {self.streams(published)}")

    def test_os_write(self):
        self.check("import os\nos.write(1, b'os.write out\\n')", "stdout", "os.write out\n")
        self.check("import os\nos.write(2, b'os.write err\\n')", "stderr", "os.write err\n")

    def test_os_system(self):
        self.check("import os\nos.system('echo system out')", "stdout", "system out\n")
        self.check("import os\nos.system('echo system err >&2')", "stderr", "system err\n")

    def test_subprocess_run(self):
        self.check("import subprocess\nsubprocess.run(['echo', 'run out'])", "stdout",
                   "run out\n")
        self.check("import subprocess\nsubprocess.run(['sh', '-c', 'echo run err >&2'])",
                   "stderr", "run err\n")

    def test_order_with_print(self):
        self.check("import os\nprint('a')\nos.system('echo b')\nprint('c')\n"
                   "os.write(1, 'd €\\n'.encode())\nprint('e')",
                   "stdout", "a\nb\nc\nd €\ne\n")

    def test_kernel_log_is_not_output(self):
        # The kernel logs a SIGINT while idle; the log line goes to the log only.
        self.km.interrupt_kernel()
        self.wait_for_log("SIGINT while idle")
        _, published = self.execute("'next'")
        self.assertEqual(self.streams(published), [])


# Starts the command in its arguments, prints its pid, and waits to be killed: a front
# end that dies without shutting its kernel down.
LAUNCHER = """
import os, subprocess, sys, time
env = dict(os.environ)
if sys.argv[1] == "jpy":
    env["JPY_PARENT_PID"] = str(os.getpid())
else:
    env.pop("JPY_PARENT_PID", None)
child = subprocess.Popen(sys.argv[2:], env=env)
print(child.pid, flush=True)
time.sleep(600)
"""


def running(pid):
    """Whether `pid` is a live process (an exited one that no one reaped is not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                           text=True).stdout.strip()
    return bool(state) and not state.startswith("Z")


class ParentDeath(unittest.TestCase):
    """A kernel whose parent process is killed exits within a few seconds (it checks
    once a second), whether or not `JPY_PARENT_PID` names that parent."""

    def check_exits_after_parent(self, mode):
        from jupyter_client import BlockingKernelClient
        from jupyter_client.connect import write_connection_file

        scratch = tempfile.mkdtemp(dir=os.environ.get("KILN_SCRATCH"))
        connection, _ = write_connection_file(os.path.join(scratch, "kernel.json"),
                                              ip="127.0.0.1", key=uuid.uuid4().hex.encode())
        with open(os.path.join(scratch, "kernel.log"), "w") as log:
            parent = subprocess.Popen(
                [sys.executable, "-c", LAUNCHER, mode, os.environ["KILN_BINARY"], "kernel",
                 "-f", connection],
                stdout=subprocess.PIPE, stderr=log, text=True,
            )
        kernel = int(parent.stdout.readline())
        try:
            client = BlockingKernelClient(connection_file=connection)
            client.load_connection_file()
            client.start_channels()
            try:
                client.wait_for_ready(timeout=TIMEOUT)
            finally:
                client.stop_channels()
            parent.kill()
            parent.wait()
            deadline = time.monotonic() + 10
            while running(kernel) and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertFalse(running(kernel), "the kernel outlived its parent by 10 s")
        finally:
            if parent.poll() is None:
                parent.kill()
                parent.wait()
            if running(kernel):
                os.kill(kernel, signal.SIGKILL)
            parent.stdout.close()

    def test_kernel_exits_when_its_parent_dies(self):
        self.check_exits_after_parent("plain")

    def test_kernel_exits_when_its_parent_named_by_jpy_parent_pid_dies(self):
        self.check_exits_after_parent("jpy")


if __name__ == "__main__":
    unittest.main()
