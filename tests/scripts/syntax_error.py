x = 1
print(x)
if x > 0:
    total = (x +
             )
