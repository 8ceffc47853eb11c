import pkg_demo
import pkg_demo.sub.leaf as leaf
from pkg_demo.core import greet
print(pkg_demo.greet('world'))
print(leaf.leaf_value(), greet is pkg_demo.greet, pkg_demo.LOADED)
print(pkg_demo.__package__, leaf.__package__, pkg_demo.sub.__name__)
print(sorted(n for n in __import__('sys').modules if n.startswith('pkg_demo')))
