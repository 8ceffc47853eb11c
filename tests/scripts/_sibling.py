'''A sibling module, importable because the script's directory is sys.path[0].'''
VALUE = 42

def double(x):
    return 2 * x

if __name__ == '__main__':
    print('this must not print on import')
