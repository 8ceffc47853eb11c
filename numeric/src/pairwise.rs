//! numpy's `pairwise_sum`: eight accumulators below 128 elements, halves above; the
//! order of additions is numpy's, so the bits are too.

/// The sum of `n` elements of type `T`, `step` bytes apart from `ptr`, added with
/// `add` (numpy's addition of the element type) from `zero`.
///
/// # Safety
/// The `n` elements must be readable values of `T`.
pub unsafe fn pairwise<T: Copy>(
    ptr: *const u8,
    n: usize,
    step: isize,
    zero: T,
    add: &impl Fn(T, T) -> T,
) -> T {
    // SAFETY: `i < n`.
    let at = |i: usize| unsafe { ptr.offset(i as isize * step).cast::<T>().read_unaligned() };
    if n < 8 {
        let mut res = zero;
        for i in 0..n {
            res = add(res, at(i));
        }
        res
    } else if n <= 128 {
        let mut r: [T; 8] = std::array::from_fn(at);
        let mut i = 8;
        while i < n - n % 8 {
            for (j, acc) in r.iter_mut().enumerate() {
                *acc = add(*acc, at(i + j));
            }
            i += 8;
        }
        let mut res = add(
            add(add(r[0], r[1]), add(r[2], r[3])),
            add(add(r[4], r[5]), add(r[6], r[7])),
        );
        while i < n {
            res = add(res, at(i));
            i += 1;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        // SAFETY: both halves lie within the caller's `n` elements.
        unsafe {
            add(
                pairwise(ptr, n2, step, zero, add),
                pairwise(ptr.offset(n2 as isize * step), n - n2, step, zero, add),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pairwise;

    #[test]
    fn sums_in_numpys_order() {
        // 0.1 summed 1000 times: numpy gives 100.00000000000001 (a loop from the
        // first element to the last gives 99.9999999999986).
        let xs = vec![0.1f64; 1000];
        let s = unsafe { pairwise(xs.as_ptr().cast(), xs.len(), 8, 0.0, &|a, b| a + b) };
        assert_eq!(s, 100.00000000000001);
        let s = unsafe { pairwise(xs.as_ptr().cast(), 7, 8, 0.0, &|a, b| a + b) };
        assert_eq!(s, 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1);
    }
}
