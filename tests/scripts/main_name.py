import _sibling
print('main:', __name__)
print('sibling:', _sibling.__name__)
if __name__ == '__main__':
    print('guarded block ran')
