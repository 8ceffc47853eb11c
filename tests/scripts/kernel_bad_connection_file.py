# expected-from: kiln
# `kiln kernel -f FILE` with a file that is not a Jupyter connection file (this one)
# fails at once with one line saying which file and what is wrong, status 1.
