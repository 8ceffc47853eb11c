//! The small unsigned big integer Dragon4 needs: a binary float's mantissa scaled
//! by powers of two and ten, compared, added and divided one decimal digit at a
//! time. Limbs are `u32`, least significant first, with no high zero limbs (zero is
//! the empty vector), so comparisons can look at lengths first.

use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub fn from_u64(v: u64) -> Self {
        let mut n = BigUint {
            limbs: vec![v as u32, (v >> 32) as u32],
        };
        n.normalize();
        n
    }

    /// 2^exp.
    pub fn pow2(exp: u32) -> Self {
        let mut limbs = vec![0; exp as usize / 32 + 1];
        limbs[exp as usize / 32] = 1 << (exp % 32);
        BigUint { limbs }
    }

    /// 10^exp.
    pub fn pow10(exp: u32) -> Self {
        let mut n = BigUint::from_u64(1);
        n.mul_pow10(exp);
        n
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub fn shl(&mut self, bits: u32) {
        if self.is_zero() || bits == 0 {
            return;
        }
        let (whole, part) = ((bits / 32) as usize, bits % 32);
        let mut out = vec![0u32; whole];
        if part == 0 {
            out.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u32;
            for &limb in &self.limbs {
                out.push((limb << part) | carry);
                carry = limb >> (32 - part);
            }
            out.push(carry);
        }
        self.limbs = out;
        self.normalize();
    }

    pub fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let product = *limb as u64 * factor as u64 + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.normalize();
    }

    pub fn mul_pow10(&mut self, mut exp: u32) {
        // 10^9 is the largest power of ten that fits a limb.
        while exp >= 9 {
            self.mul_small(1_000_000_000);
            exp -= 9;
        }
        if exp > 0 {
            self.mul_small(10u32.pow(exp));
        }
    }

    pub fn mul(&self, other: &BigUint) -> BigUint {
        if self.is_zero() || other.is_zero() {
            return BigUint { limbs: Vec::new() };
        }
        let mut out = vec![0u32; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = a as u64 * b as u64 + out[i + j] as u64 + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            out[i + other.limbs.len()] = carry as u32;
        }
        let mut n = BigUint { limbs: out };
        n.normalize();
        n
    }

    pub fn add(&self, other: &BigUint) -> BigUint {
        let (long, short) = if self.limbs.len() >= other.limbs.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut out = Vec::with_capacity(long.limbs.len() + 1);
        let mut carry = 0u64;
        for (i, &a) in long.limbs.iter().enumerate() {
            let t = a as u64 + *short.limbs.get(i).unwrap_or(&0) as u64 + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        if carry != 0 {
            out.push(carry as u32);
        }
        BigUint { limbs: out }
    }

    /// self -= other; requires self >= other.
    fn sub_assign(&mut self, other: &BigUint) {
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let mut t = self.limbs[i] as i64 - *other.limbs.get(i).unwrap_or(&0) as i64 - borrow;
            borrow = 0;
            if t < 0 {
                t += 1 << 32;
                borrow = 1;
            }
            self.limbs[i] = t as u32;
        }
        debug_assert_eq!(borrow, 0);
        self.normalize();
    }

    /// Replaces self by self mod divisor and returns the quotient, which the caller
    /// guarantees is below 10.
    pub fn div_rem_digit(&mut self, divisor: &BigUint) -> u32 {
        let mut quotient = 0;
        while *self >= *divisor {
            self.sub_assign(divisor);
            quotient += 1;
        }
        debug_assert!(quotient < 10);
        quotient
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_u128(n: &BigUint) -> u128 {
        n.limbs
            .iter()
            .rev()
            .fold(0u128, |acc, &l| (acc << 32) | l as u128)
    }

    #[test]
    fn arithmetic_matches_u128() {
        let mut a = BigUint::from_u64(0xdead_beef_1234_5678);
        a.shl(7);
        assert_eq!(to_u128(&a), 0xdead_beef_1234_5678u128 << 7);
        a.mul_pow10(3);
        assert_eq!(to_u128(&a), (0xdead_beef_1234_5678u128 << 7) * 1000);
        let b = BigUint::pow2(70);
        assert_eq!(to_u128(&b), 1u128 << 70);
        assert_eq!(to_u128(&BigUint::pow10(20)), 10u128.pow(20));
        let s = BigUint::from_u64(u64::MAX).add(&BigUint::from_u64(1));
        assert_eq!(to_u128(&s), 1u128 << 64);
        let p = BigUint::from_u64(u64::MAX).mul(&BigUint::from_u64(3));
        assert_eq!(to_u128(&p), u64::MAX as u128 * 3);
        let mut r = BigUint::from_u64(97);
        assert_eq!(r.div_rem_digit(&BigUint::from_u64(10)), 9);
        assert_eq!(to_u128(&r), 7);
        assert!(BigUint::from_u64(0).is_zero());
        assert!(BigUint::pow2(40) > BigUint::from_u64(1 << 39));
    }
}
