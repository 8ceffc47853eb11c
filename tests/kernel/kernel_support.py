"""What the kernel tests share: a kiln kernel started through jupyter_client with its
log (stderr) in a file, and helpers to run cells and read what they published."""

import os
import queue
import tempfile
import time
import unittest

from jupyter_client.manager import KernelManager

KERNEL_NAME = os.environ.get("KILN_KERNEL_NAME", "kiln")
TIMEOUT = 20


class KernelTestCase(unittest.TestCase):
    """Starts one kernel for the test class; `self.kc` is a blocking client."""

    @classmethod
    def setUpClass(cls):
        cls.start_kernel()

    @classmethod
    def start_kernel(cls):
        cls.log = tempfile.NamedTemporaryFile(
            "w+", prefix="kiln-kernel-", suffix=".log",
            dir=os.environ.get("KILN_SCRATCH"), delete=False,
        )
        cls.km = KernelManager(kernel_name=KERNEL_NAME)
        cls.km.start_kernel(stderr=cls.log)
        cls.kc = cls.km.client()
        cls.kc.start_channels()
        cls.kc.wait_for_ready(timeout=TIMEOUT)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        if cls.km.has_kernel:
            cls.km.shutdown_kernel(now=True)
        cls.log.close()
        os.unlink(cls.log.name)

    def setUp(self):
        self.flush()

    def flush(self):
        for channel in (self.kc.shell_channel, self.kc.iopub_channel, self.kc.stdin_channel):
            while True:
                try:
                    channel.get_msg(timeout=0.05)
                except queue.Empty:
                    break

    def log_text(self):
        with open(self.log.name) as f:
            return f.read()

    def wait_for_log(self, text, timeout=5):
        """Waits until the kernel's log contains `text`; returns the log."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            log = self.log_text()
            if text in log:
                return log
            time.sleep(0.05)
        self.fail(f"the kernel's log never said {text!r}; it has:\n{self.log_text()}")

    def outputs(self, msg_id, timeout=TIMEOUT):
        """IOPub messages of the request `msg_id`, from busy to idle."""
        found = []
        deadline = time.monotonic() + timeout
        while True:
            msg = self.kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            found.append(msg)
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return found

    def shell_reply(self, msg_id, timeout=TIMEOUT):
        while True:
            reply = self.kc.get_shell_msg(timeout=timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply

    def execute(self, code, **options):
        """Runs a cell; returns (reply content, [(msg_type, content), ...] published)."""
        msg_id = self.kc.execute(code, **options)
        reply = self.shell_reply(msg_id)
        published = [(m["msg_type"], m["content"]) for m in self.outputs(msg_id)]
        return reply["content"], published

    def result_of(self, code):
        """The text/plain of a cell's execute_result."""
        reply, published = self.execute(code)
        self.assertEqual(reply["status"], "ok", reply)
        results = [c for t, c in published if t == "execute_result"]
        self.assertEqual(len(results), 1, published)
        return results[0]["data"]["text/plain"]

    def stdout_of(self, published):
        return "".join(c["text"] for t, c in published if t == "stream" and c["name"] == "stdout")
