print('importing a module that exits')
import _exits_on_import
print('never')
