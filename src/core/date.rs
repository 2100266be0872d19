//! RFC822Date, DateToTimeT and DurationToString (LEGACY.md §6).

/// RFC822Date with `utc` set: `Www, DD Mon YYYY HH:MM:SS GMT`.
pub fn rfc822_date_utc(t: i64, out: &mut Vec<u8>) {
    let _ = (t, out);
    todo!("RFC822Date")
}

/// DateToTimeT: seconds since the epoch of an HTTP date.
pub fn date_to_time_t(s: &[u8]) -> i64 {
    let _ = s;
    todo!("DateToTimeT")
}

/// DurationToString: appends the human form of `d` seconds.
pub fn duration_to_string(d: i64, out: &mut Vec<u8>) {
    let _ = (d, out);
    todo!("DurationToString")
}
