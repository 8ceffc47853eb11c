import numpy as np
a = np.array([1.0, -2.5, 0.1])
for kw in [dict(sign="+"), dict(sign=" "), dict(floatmode="fixed", precision=2), dict(floatmode="unique"),
           dict(floatmode="maxprec_equal"), dict(floatmode="maxprec", precision=1), dict(nanstr="NaN", infstr="Inf")]:
    with np.printoptions(**kw):
        print(kw, repr(a), str(np.array([np.nan, np.inf, 1.5])), repr(np.array([1 / 3, 0.5])))
print(repr(a), np.get_printoptions()["sign"], np.get_printoptions()["floatmode"])
