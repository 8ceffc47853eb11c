# a source file that is not UTF-8 and declares no encoding
