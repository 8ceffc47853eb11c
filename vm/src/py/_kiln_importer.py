"""kiln's import finder: user modules are compiled by kiln, the standard library is not.

It takes the place of importlib's PathFinder on sys.meta_path and delegates the search
to it; when the module found is Python source outside the standard library, the loader
is swapped for one that compiles through kiln's compile path (where loop sites are
made). No bytecode cache is read or written for those modules: their code objects
depend on kiln, not only on the source.
"""

import sys
import _kiln
from importlib.machinery import PathFinder, SourceFileLoader


class KilnSourceLoader(SourceFileLoader):
    def get_code(self, fullname):
        path = self.get_filename(fullname)
        return _kiln.compile_file(self.get_data(path), path)


class KilnFinder:
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        spec = PathFinder.find_spec(fullname, path, target)
        if (
            spec is not None
            and type(spec.loader) is SourceFileLoader
            and not _kiln.is_stdlib_path(spec.origin)
        ):
            spec.loader = KilnSourceLoader(spec.loader.name, spec.loader.path)
        return spec

    @classmethod
    def invalidate_caches(cls):
        PathFinder.invalidate_caches()


def install():
    meta_path = sys.meta_path
    for index, finder in enumerate(meta_path):
        if finder is PathFinder:
            meta_path[index] = KilnFinder
            return
    meta_path.append(KilnFinder)
