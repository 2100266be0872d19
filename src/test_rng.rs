//! Random inputs for the unit tests: a fixed-seed generator, so that every
//! run tests the same strings and a failure can be reproduced.

/// xorshift32: small and deterministic; not for anything but tests.
pub(crate) struct Rng(u32);

impl Rng {
    /// A generator started from `seed` (0 is replaced: xorshift stays at 0).
    pub(crate) fn new(seed: u32) -> Rng {
        Rng(seed.max(1))
    }

    /// A number below `n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0 as usize % n
    }

    /// `len` bytes, each drawn from `alphabet`.
    pub(crate) fn bytes(&mut self, alphabet: &[u8], len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }

    /// `count` pieces drawn from `pieces`, end to end.
    pub(crate) fn pieces(&mut self, pieces: &[&[u8]], count: usize) -> Vec<u8> {
        (0..count)
            .flat_map(|_| pieces[self.below(pieces.len())].iter().copied())
            .collect()
    }
}
