"""jupyter_kernel_test's conformance suite against the kiln kernel, every sample set.

Run by tests/kernel.rs, which installs the kernelspec named $KILN_KERNEL_NAME in a
temporary JUPYTER_PATH.
"""

import os
import unittest

import jupyter_kernel_test


class KilnKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = os.environ.get("KILN_KERNEL_NAME", "kiln")

    language_name = "python"
    file_extension = ".py"

    code_hello_world = "print('hello, world')"
    code_stderr = "import sys; print('oops', file=sys.stderr)"

    completion_samples = [
        {"text": "zi", "matches": {"zip"}},
        {"text": "import colle", "matches": {"collections"}},
        {"text": "from os import getcw", "matches": {"getcwd", "getcwdb"}},
        {"text": "str.startsw", "matches": {"startswith"}},
        {"text": "%ti", "matches": {"%time", "%timeit"}},
    ]
    complete_code_samples = ["1", "print('hello, world')", "def f(x):\n    return x * 2\n\n"]
    incomplete_code_samples = ["print('''hello", "def f(x):\n    x * 2", "for i in (1,"]
    invalid_code_samples = ["import = 7q", "1 +* 2"]

    code_page_something = "print?"

    code_generate_error = "raise ValueError('boom')"

    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "[n * n for n in range(4)]", "result": "[0, 1, 4, 9]"},
        {"code": "'kiln'", "result": "'kiln'"},
        {"code": "import numpy as np\nnp.arange(3.0)", "result": "array([0., 1., 2.])"},
        {
            "code": "import numpy as np\nnp.eye(2, dtype=int)",
            "mime": "text/html",
        },
    ]
    code_display_data = [
        {"code": "from IPython.display import HTML, display\ndisplay(HTML('<b>x</b>'))",
         "mime": "text/html"},
        {"code": "from IPython.display import Markdown\ndisplay(Markdown('*m*'))",
         "mime": "text/markdown"},
        {"code": "from IPython.display import SVG\ndisplay(SVG('<svg></svg>'))",
         "mime": "image/svg+xml"},
        {"code": "from IPython.display import JSON\ndisplay(JSON({'a': 1}))",
         "mime": "application/json"},
        {"code": "from IPython.display import Latex\ndisplay(Latex('$x$'))",
         "mime": "text/latex"},
        {"code": "class P:\n    def _repr_png_(self):\n        return b'\\x89PNG'\ndisplay(P())",
         "mime": "image/png"},
    ]

    code_history_pattern = "1?2*"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "zip"

    code_clear_output = "from IPython.display import clear_output\nclear_output()"


if __name__ == "__main__":
    unittest.main()
