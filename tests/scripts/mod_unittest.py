import io
import unittest


class Arithmetic(unittest.TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 2)

    def test_fails(self):
        self.assertEqual([1, 2], [1, 3])

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError):
            1 / 0

    @unittest.skip('not today')
    def test_skipped(self):
        pass


suite = unittest.defaultTestLoader.loadTestsFromTestCase(Arithmetic)
stream = io.StringIO()
result = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped), result.wasSuccessful())
for line in stream.getvalue().splitlines():
    if line.startswith('test_') or line.startswith('AssertionError') or line.startswith('FAIL'):
        print(line)
