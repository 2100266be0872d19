//! From a list's text to its serialised table (`format`): the trie of its
//! rules over labels in A-label form, each U-label an alias of its node,
//! and the hash table that keys every edge by its running hash, placed
//! with a pilot per bucket (PTHash's scheme) so that each key has one slot
//! to look at. The built-in list is this function's output for the
//! repository's copy of the list (a test makes it again and compares).
//!
//! Every allocation is sized from a first pass over the rules and may
//! fail; nothing here aborts.

use super::format::*;
use super::text::{self, LoadError, Rules, Section};
use crate::bytes::buf::{try_with_capacity, Buf, NoMemory};
use crate::whatwg;

/// A node of the trie being built: its parent, its label (arena offset <<
/// 8 | length) and its flags. Node 0 is the root.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    label: u32,
    flags: u16,
}

/// An edge: a key of the table. Every node but the root has one in its
/// A-label form, and one more for each other form of its label.
#[derive(Clone, Copy)]
struct Edge {
    parent: u32,
    label: u32,
    node: u32,
    alias: bool,
}

/// An open-addressing map of u32 values, sized once.
struct Map {
    cells: Vec<u32>,
}

impl Map {
    fn new(entries: usize) -> Result<Map, LoadError> {
        let n = entries
            .checked_mul(2)
            .and_then(usize::checked_next_power_of_two)
            .ok_or(LoadError::TooLarge)?
            .max(16);
        let mut cells = try_with_capacity(n)?;
        for _ in 0..n {
            crate::bytes::buf::try_push(&mut cells, 0)?;
        }
        Ok(Map { cells })
    }

    /// The value stored for the first cell from `hash` that `is` accepts,
    /// or the empty cell where it would go.
    fn find(&self, hash: u64, is: impl Fn(u32) -> bool) -> Result<u32, usize> {
        let mask = self.cells.len() - 1;
        let mut i = (mix(hash, 0, 0) as usize) & mask;
        loop {
            match self.cells[i] {
                0 => return Err(i),
                v if is(v - 1) => return Ok(v - 1),
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// The trie and its labels while the rules go in.
struct Trie {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    arena: Buf,
    labels: Map,
    children: Map,
    icann: u32,
    private: u32,
}

/// `label`'s bytes as a label reference's.
fn label_bytes(arena: &[u8], label: u32) -> &[u8] {
    let (off, len) = ((label >> 8) as usize, (label & 0xff) as usize);
    &arena[off..off + len]
}

/// The hash of a byte string, for the maps.
fn hash_bytes(b: &[u8]) -> u64 {
    label_hash(basis(0), b)
}

impl Trie {
    /// The reference of `bytes` in the arena, added if new.
    fn intern(&mut self, bytes: &[u8]) -> Result<u32, LoadError> {
        let h = hash_bytes(bytes);
        let arena = &self.arena;
        match self.labels.find(h, |l| label_bytes(arena, l) == bytes) {
            Ok(l) => Ok(l),
            Err(cell) => {
                let off = self.arena.len();
                if off + bytes.len() >= 1 << 24 || bytes.len() > 255 {
                    return Err(LoadError::TooLarge);
                }
                self.arena.extend_from_slice(bytes)?;
                let l = (off as u32) << 8 | bytes.len() as u32;
                self.labels.cells[cell] = l + 1;
                Ok(l)
            }
        }
    }

    /// The edge from `parent` by `label`, made (with a new node, or to
    /// `node` for an alias) if there is none.
    fn edge(&mut self, parent: u32, label: u32, alias_of: Option<u32>) -> Result<u32, LoadError> {
        let h = (u64::from(parent) << 32) | u64::from(label);
        let edges = &self.edges;
        let cell = match self.children.find(h, |e| {
            let e = edges[e as usize];
            e.parent == parent && e.label == label
        }) {
            Ok(e) => return Ok(self.edges[e as usize].node),
            Err(cell) => cell,
        };
        if self.edges.len() >= 1 << 31 {
            return Err(LoadError::TooLarge);
        }
        let node = match alias_of {
            Some(n) => n,
            None => {
                crate::bytes::buf::try_push(
                    &mut self.nodes,
                    Node {
                        parent,
                        label,
                        flags: 0,
                    },
                )?;
                (self.nodes.len() - 1) as u32
            }
        };
        crate::bytes::buf::try_push(
            &mut self.edges,
            Edge {
                parent,
                label,
                node,
                alias: alias_of.is_some(),
            },
        )?;
        self.children.cells[cell] = self.edges.len() as u32;
        Ok(node)
    }
}

/// The A-label form of a rule's label (ASCII in lower case, `*` as it
/// is) into `canon`; and whether the label itself is another form, which
/// then is in `other`, lower-cased.
fn forms(label: &[u8], canon: &mut Buf, other: &mut Buf) -> Result<bool, NoMemory> {
    canon.clear();
    other.clear();
    other.extend_from_slice(label)?;
    other.make_ascii_lowercase();
    if label.is_ascii() {
        canon.extend_from_slice(other)?;
        return Ok(false);
    }
    match whatwg::domain_to_ascii(label, canon) {
        Ok(()) if !canon.is_empty() && canon.len() <= 255 && !canon.contains(&b'.') => {
            Ok(canon[..] != other[..])
        }
        Err(whatwg::ParseError::NoMemory) => Err(NoMemory),
        // Not a valid IDNA label (or no IDNA in this build): the label as
        // it is, in its one form.
        _ => {
            canon.clear();
            canon.extend_from_slice(other)?;
            Ok(false)
        }
    }
}

/// The serialised table of `text`'s rules, the list's version being
/// `version` (the text's `// VERSION:` comment when `None`).
pub(crate) fn build(text: &[u8], version: Option<&[u8]>) -> Result<Buf, LoadError> {
    let text = text::checked(text)?;
    // First pass: the rules are checked and their labels counted.
    let (mut rules, mut labels) = (0usize, 0usize);
    for r in Rules::new(text) {
        let r = r?;
        rules += 1;
        labels += r.name.iter().filter(|&&b| b == b'.').count() + 1;
    }
    if rules == 0 {
        return Err(LoadError::NoRules);
    }
    let mut t = Trie {
        nodes: try_with_capacity(labels + 1)?,
        edges: try_with_capacity(labels)?,
        // Room before the first label, so that the matcher may read the
        // 8 bytes that end any label.
        arena: Buf::from_slice(&[0; 8])?,
        labels: Map::new(2 * labels)?,
        children: Map::new(2 * labels)?,
        icann: 0,
        private: 0,
    };
    crate::bytes::buf::try_push(
        &mut t.nodes,
        Node {
            parent: u32::MAX,
            label: 0,
            flags: 0,
        },
    )?;
    let (mut canon, mut other) = (Buf::new(), Buf::new());
    for r in Rules::new(text) {
        let r = r?;
        let mut node = 0u32;
        for label in r.name.rsplit(|&b| b == b'.') {
            let aliased = forms(label, &mut canon, &mut other)?;
            let l = t.intern(&canon)?;
            let parent = node;
            node = t.edge(parent, l, None)?;
            if aliased {
                let a = t.intern(&other)?;
                t.edge(parent, a, Some(node))?;
            }
        }
        let bit = match (r.section, r.exception) {
            (Section::Icann, false) => RULE_ICANN,
            (Section::Private, false) => RULE_PRIVATE,
            (Section::Icann, true) => EXC_ICANN,
            (Section::Private, true) => EXC_PRIVATE,
        };
        let n = &mut t.nodes[node as usize];
        if n.flags & (RULE | EXC) == 0 {
            match r.section {
                Section::Icann => t.icann += 1,
                Section::Private => t.private += 1,
            }
        }
        n.flags |= bit;
    }
    let version = version.unwrap_or_else(|| text::version(text));
    serialise(t, version)
}

/// The table of a finished trie.
fn serialise(mut t: Trie, version: &[u8]) -> Result<Buf, LoadError> {
    let star = t.intern(b"*")?;
    let mut list_bits = 0u32;
    // Children first (a node's index is above its parent's): each says
    // what its parent must know of it.
    for i in (1..t.nodes.len()).rev() {
        let n = t.nodes[i];
        let p = n.parent as usize;
        let below = sections_of(n.flags) << 6;
        if n.label == star {
            t.nodes[p].flags |= (n.flags & RULE) << 4;
            if n.flags & (KIDS | EXC) != 0 {
                list_bits |= INNER_WILDCARDS;
                t.nodes[p].flags |= below;
            }
        } else {
            t.nodes[p].flags |= below;
        }
        if p == 0 && n.label != star && super::format::is_number(label_bytes(&t.arena, n.label)) {
            list_bits |= NUMERIC_TLD;
        }
    }
    // The running hash of each node (parents first), and the key of each
    // edge; a seed whose keys collide is replaced by the next.
    for seed in 0..16u32 {
        let mut hashes: Vec<u64> = try_with_capacity(t.nodes.len())?;
        crate::bytes::buf::try_push(&mut hashes, basis(seed))?;
        for n in &t.nodes[1..] {
            let h = extend(hashes[n.parent as usize], &t.arena, n.label);
            crate::bytes::buf::try_push(&mut hashes, h)?;
        }
        let mut keys: Vec<u64> = try_with_capacity(t.edges.len())?;
        for e in &t.edges {
            let h = extend(hashes[e.parent as usize], &t.arena, e.label);
            crate::bytes::buf::try_push(&mut keys, h)?;
        }
        let Some(placed) = place(&keys)? else {
            continue;
        };
        return write(&t, &hashes, &placed, seed, list_bits, version);
    }
    Err(LoadError::Unplaceable)
}

/// The running hash of `parent`'s child by `label`.
fn extend(parent: u64, arena: &[u8], label: u32) -> u64 {
    label_hash(parent, label_bytes(arena, label))
}

/// Where the keys went: the table's size, its buckets' pilots and each
/// key's slot.
struct Placed {
    slots: u32,
    pilots: Vec<u8>,
    slot_of: Vec<u32>,
}

/// The keys placed, each in a slot of its own, by a pilot per bucket; or
/// `None` when two keys are equal or a bucket finds no pilot.
fn place(keys: &[u64]) -> Result<Option<Placed>, LoadError> {
    // Slots for about 11 % more than the keys; a power of two of buckets,
    // so that a lookup finds a bucket with a shift, for about 2 keys each
    // (a pilot is a byte).
    let n = keys.len();
    if n + n / 9 + 1 > MAX_SLOTS {
        return Err(LoadError::TooLarge);
    }
    let slots = (n + n / 9 + 1) as u32;
    let buckets = u32::try_from((n / 2).max(2))
        .ok()
        .and_then(u32::checked_next_power_of_two)
        .ok_or(LoadError::TooLarge)?;
    let bshift = 64 - buckets.trailing_zeros();
    // The keys by bucket, the largest buckets first.
    let mut order: Vec<(u32, u32, u64)> = try_with_capacity(n)?;
    let mut sizes: Vec<u32> = try_with_capacity(buckets as usize)?;
    for _ in 0..buckets {
        crate::bytes::buf::try_push(&mut sizes, 0)?;
    }
    for &k in keys {
        sizes[bucket(k, bshift)] += 1;
    }
    for (i, &k) in keys.iter().enumerate() {
        let b = bucket(k, bshift);
        crate::bytes::buf::try_push(&mut order, (b as u32, i as u32, k))?;
    }
    order.sort_unstable_by_key(|&(b, _, k)| (u32::MAX - sizes[b as usize], b, k));
    if order.windows(2).any(|w| w[0].2 == w[1].2) {
        return Ok(None);
    }
    let mut pilots: Vec<u8> = try_with_capacity(buckets as usize)?;
    let mut slot_of: Vec<u32> = try_with_capacity(n)?;
    for _ in 0..buckets {
        crate::bytes::buf::try_push(&mut pilots, 0)?;
    }
    for _ in 0..n {
        crate::bytes::buf::try_push(&mut slot_of, EMPTY)?;
    }
    let mut taken: Vec<bool> = try_with_capacity(slots as usize)?;
    for _ in 0..slots {
        crate::bytes::buf::try_push(&mut taken, false)?;
    }
    let mut here: Vec<usize> = try_with_capacity(64)?;
    let mut start = 0;
    while start < order.len() {
        let b = order[start].0;
        let end = start + order[start..].iter().take_while(|o| o.0 == b).count();
        let group = &order[start..end];
        let mut found = None;
        'pilot: for pilot in 0..=u8::MAX {
            here.clear();
            for &(_, _, k) in group {
                let s = position(k, pilot, u64::from(slots));
                if taken[s] || here.contains(&s) {
                    continue 'pilot;
                }
                crate::bytes::buf::try_push(&mut here, s)?;
            }
            found = Some(pilot);
            break;
        }
        let Some(pilot) = found else {
            return Ok(None);
        };
        pilots[b as usize] = pilot;
        for (&(_, i, _), &s) in group.iter().zip(here.iter()) {
            taken[s] = true;
            slot_of[i as usize] = s as u32;
        }
        start = end;
    }
    Ok(Some(Placed {
        slots,
        pilots,
        slot_of,
    }))
}

/// The arena: 8 zero bytes; the head (all but the last 8 bytes) of each
/// label of more than 8 bytes of an A-label edge, once; then for each
/// alias edge its node's slot (u32) and running hash (u64), and its
/// label's head. Each edge's head offset, where its head is (or would be).
fn arena(t: &Trie, hashes: &[u64], node_slot: &[u32]) -> Result<(Buf, Vec<u32>), LoadError> {
    let mut arena = Buf::from_slice(&[0; 8])?;
    let mut long: Vec<(u32, u32)> = try_with_capacity(0)?;
    for e in &t.edges {
        if !e.alias && e.label & 0xff > 8 {
            crate::bytes::buf::try_push(&mut long, (e.label, 0))?;
        }
    }
    long.sort_unstable();
    long.dedup();
    let head = |label: u32| {
        let bytes = label_bytes(&t.arena, label);
        &bytes[..bytes.len().saturating_sub(8)]
    };
    for row in &mut long {
        row.1 = arena.len() as u32;
        arena.extend_from_slice(head(row.0))?;
        if arena.len() >= MAX_ARENA {
            return Err(LoadError::TooLarge);
        }
    }
    let mut heads: Vec<u32> = try_with_capacity(t.edges.len())?;
    for e in &t.edges {
        let off = if e.alias {
            arena.extend_from_slice(&node_slot[e.node as usize].to_le_bytes())?;
            arena.extend_from_slice(&hashes[e.node as usize].to_le_bytes())?;
            let off = arena.len() as u32;
            arena.extend_from_slice(head(e.label))?;
            off
        } else if e.label & 0xff > 8 {
            let i = long
                .binary_search_by_key(&e.label, |&(l, _)| l)
                .map_err(|_| LoadError::TooLarge)?;
            long[i].1
        } else {
            0
        };
        if arena.len() >= MAX_ARENA {
            return Err(LoadError::TooLarge);
        }
        crate::bytes::buf::try_push(&mut heads, off)?;
    }
    Ok((arena, heads))
}

/// The serialised table.
fn write(
    t: &Trie,
    hashes: &[u64],
    p: &Placed,
    seed: u32,
    list_bits: u32,
    version: &[u8],
) -> Result<Buf, LoadError> {
    // The slot of each node: that of its A-label edge.
    let mut node_slot: Vec<u32> = try_with_capacity(t.nodes.len())?;
    for _ in 0..t.nodes.len() {
        crate::bytes::buf::try_push(&mut node_slot, ROOT)?;
    }
    let mut aliases = 0u32;
    for (e, &s) in t.edges.iter().zip(&p.slot_of) {
        if e.alias {
            aliases += 1;
        } else {
            node_slot[e.node as usize] = s;
        }
    }
    // The top-level nodes with a wildcard rule under them; all of them
    // for a list that the general walk reads.
    let mut filter = [0u64; 4];
    for (n, &h) in t.nodes.iter().zip(hashes).skip(1) {
        if n.parent == 0 && n.flags & WILD != 0 {
            filter[(h >> 62) as usize] |= 1 << ((h >> 56) & 63);
        }
    }
    if list_bits & (INNER_WILDCARDS | NUMERIC_TLD) != 0 {
        filter = [!0; 4];
    }
    let (arena, heads) = arena(t, hashes, &node_slot)?;
    let slots = p.slots as usize;
    let len = HEADER_LEN + SLOT_LEN * slots + p.pilots.len() + arena.len() + version.len() + 1;
    if len >= MAX_TABLE {
        return Err(LoadError::TooLarge);
    }
    let mut out = Buf::with_capacity(len)?;
    let header = [
        u32::from_le_bytes(MAGIC),
        FORMAT,
        p.slots,
        p.pilots.len() as u32,
        aliases,
        arena.len() as u32,
        u32::try_from(version.len()).map_err(|_| LoadError::TooLarge)?,
        seed,
        u32::from(t.nodes[0].flags & (WILD | KIDS)) | list_bits,
        t.icann,
        t.private,
    ];
    for v in header {
        out.extend_from_slice(&v.to_le_bytes())?;
    }
    for w in filter {
        out.extend_from_slice(&w.to_le_bytes())?;
    }
    out.extend_from_slice(&[0; HEADER_LEN - H_FILTER - 32])?;
    // The slots: empty ones first, then each edge's written in place.
    let at = out.len();
    for _ in 0..slots {
        out.extend_from_slice(&[0; 8])?;
        out.extend_from_slice(&meta(EMPTY, 0, 0, 0).to_le_bytes())?;
    }
    for ((e, &s), &head) in t.edges.iter().zip(&p.slot_of).zip(&heads) {
        let node = t.nodes[e.node as usize];
        let parent = node_slot[e.parent as usize];
        let flags = node.flags | if e.alias { ALIAS } else { 0 };
        // The label word: the label's last 8 bytes as the matcher reads
        // them from a host.
        let bytes = label_bytes(&t.arena, e.label);
        let tail = &bytes[bytes.len().saturating_sub(8)..];
        let o = at + SLOT_LEN * s as usize;
        out[o..o + 8].copy_from_slice(&chunk_of(tail).to_le_bytes());
        out[o + 8..o + 16]
            .copy_from_slice(&meta(parent, bytes.len() as u8, flags, head).to_le_bytes());
    }
    out.extend_from_slice(&p.pilots)?;
    out.extend_from_slice(&arena)?;
    out.extend_from_slice(version)?;
    out.push(0)?;
    Ok(out)
}
