# a binary file given as the script
