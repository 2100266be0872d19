//! RFC822Date, DateToTimeT and DurationToString (doc/behaviour.md, Dates).
//!
//! Calendar arithmetic is proleptic Gregorian on `i64` days since
//! 1970-01-01, so no process state (time zone, `TZ`) is read or written, and
//! every `i64` time converts without overflow.

use crate::bytes::ascii::is_space;
use crate::bytes::c_number::c_strtol;
use crate::bytes::sink::Sink;

/// Seconds in a day.
const DAY: i64 = 86_400;
/// Days in a 400-year Gregorian cycle.
const DAYS_PER_ERA: i64 = 146_097;
/// Days from 0000-03-01 to 1970-01-01: the calendar below counts years from
/// March so that the leap day is the last day of its year.
const EPOCH_SHIFT: i64 = 719_468;

const WEEKDAYS: [&[u8; 3]; 7] = [b"Sun", b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat"];
const MONTHS: [&[u8; 3]; 12] = [
    b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec",
];

/// A time broken down into UTC calendar fields, like C's `gmtime` but with an
/// `i64` year so that every `time_t` has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcFields {
    /// The year, e.g. 1970 (not offset by 1900).
    pub year: i64,
    /// The month, 1 (January) to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
    /// The second, 0 to 59.
    pub second: u8,
    /// The day of the week, 0 (Sunday) to 6 (Saturday), as C's `tm_wday`.
    pub weekday: u8,
    /// The day of the year, 0 (1 January) to 365, as C's `tm_yday`.
    pub yday: u16,
}

/// The UTC calendar fields of `t` seconds since the epoch. Defined for every
/// `i64`.
pub fn utc_fields(t: i64) -> UtcFields {
    let days = t.div_euclid(DAY);
    let secs = t.rem_euclid(DAY);
    let (year, month, day) = civil_from_days(days);
    let jan1 = days_from_civil(year, 1, 1);
    UtcFields {
        year,
        month,
        day,
        hour: (secs / 3600) as u8,
        minute: (secs / 60 % 60) as u8,
        second: (secs % 60) as u8,
        // 1970-01-01 was a Thursday.
        weekday: (days + 4).rem_euclid(7) as u8,
        yday: (days - jan1) as u16,
    }
}

/// Days since 1970-01-01 of the proleptic Gregorian date `year-month-day`,
/// with `month` 1 to 12 and `day` 1 to 31 (a larger or smaller `day` simply
/// counts on from the first of the month).
///
/// Exact for every `year` with `|year| < 2^54`; larger years wrap instead of
/// panicking.
pub fn days_from_civil(year: i64, month: u8, day: i64) -> i64 {
    let m = i64::from(month);
    // Years start in March, so January and February belong to the year before.
    let y = if m <= 2 { year.wrapping_sub(1) } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era.wrapping_mul(DAYS_PER_ERA)
        .wrapping_add(doe)
        .wrapping_sub(EPOCH_SHIFT)
        .wrapping_add(day.wrapping_sub(1))
}

/// The proleptic Gregorian `(year, month, day)` of `days` since 1970-01-01.
/// Defined for every `i64` within `2^62` of the epoch, which covers every
/// day of an `i64` time in seconds.
pub fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days.wrapping_add(EPOCH_SHIFT);
    let era = z.div_euclid(DAYS_PER_ERA);
    let doe = z.rem_euclid(DAYS_PER_ERA);
    // The year of the era: 365 days per year, less a day per 4 years, plus one
    // per century, less one per 400 years (the last day of the era).
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / (DAYS_PER_ERA - 1)) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (era.wrapping_mul(400))
        .wrapping_add(yoe)
        .wrapping_add(i64::from(month <= 2));
    (year, month, day)
}

/// Seconds since the epoch of C `struct tm`-style fields read as UTC, with
/// C `timegm`/`mktime` normalisation: any field may be out of range and rolls
/// over into the larger ones (`mon` 12 is January of the next year, `mday` 0
/// the last day of the month before, `sec` 60 the next minute...).
///
/// `year` is the full year (not offset by 1900) and `mon` counts from 0.
/// Returns `None` where C's `mktime` fails: when the normalised year minus
/// 1900 does not fit in a C `int`.
pub fn timegm(year: i64, mon: i64, mday: i64, hour: i64, min: i64, sec: i64) -> Option<i64> {
    let months = year.checked_mul(12)?.checked_add(mon)?;
    let y = months.div_euclid(12);
    let m = months.rem_euclid(12) as u8 + 1;
    if i32::try_from(y.checked_sub(1900)?).is_err() {
        return None;
    }
    let days = days_from_civil(y, m, 1).checked_add(mday.checked_sub(1)?)?;
    let t = days
        .checked_mul(DAY)?
        .checked_add(hour.checked_mul(3600)?)?
        .checked_add(min.checked_mul(60)?)?
        .checked_add(sec)?;
    // The fields may move the time to another year, which must fit too.
    if i32::try_from(utc_fields(t).year - 1900).is_err() {
        return None;
    }
    Some(t)
}

/// Appends `n` in decimal, right-aligned in `width` columns, like C's
/// `%*ld` (`pad` b' ') or `%0*ld` (`pad` b'0', zeros after the sign).
fn push_int<S: Sink>(out: &mut S, n: i64, width: usize, pad: u8) -> Result<(), S::Error> {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut u = n.unsigned_abs();
    loop {
        i -= 1;
        digits[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    let len = digits.len() - i + usize::from(n < 0);
    let fill = width.saturating_sub(len);
    if pad == b'0' {
        if n < 0 {
            out.push(b'-')?;
        }
        for _ in 0..fill {
            out.push(b'0')?;
        }
    } else {
        for _ in 0..fill {
            out.push(pad)?;
        }
        if n < 0 {
            out.push(b'-')?;
        }
    }
    out.extend(&digits[i..])?;
    Ok(())
}

/// Appends the two decimal digits of `n` (0 to 99).
#[inline]
fn push_2<S: Sink>(out: &mut S, n: u8) -> Result<(), S::Error> {
    out.extend(&[b'0' + n / 10, b'0' + n % 10])
}

/// RFC822Date with `utc` set: appends `Www, DD Mon YYYY HH:MM:SS GMT`.
///
/// The year is written like C's `%4d` of `tm_year + 1900`: right-aligned in
/// 4 columns with spaces, wider when needed, and astronomical (0 is 1 BC, -1
/// is 2 BC). Every `i64` gives a date, also where C's `gmtime` fails.
pub fn rfc822_date_utc<S: Sink>(t: i64, out: &mut S) -> Result<(), S::Error> {
    let f = utc_fields(t);
    out.extend(WEEKDAYS[f.weekday as usize])?;
    out.extend(b", ")?;
    push_2(out, f.day)?;
    out.push(b' ')?;
    out.extend(MONTHS[f.month as usize - 1])?;
    out.push(b' ')?;
    push_int(out, f.year, 4, b' ')?;
    out.push(b' ')?;
    push_2(out, f.hour)?;
    out.push(b':')?;
    push_2(out, f.minute)?;
    out.push(b':')?;
    push_2(out, f.second)?;
    out.extend(b" GMT")?;
    Ok(())
}

/// What a successful [`scan`] read: the `%d` values in order and the `%3s`
/// text.
#[derive(Default)]
struct Scanned {
    ints: [i32; 5],
    n_ints: usize,
    word: [u8; 3],
    word_len: usize,
}

impl Scanned {
    /// The month index of the `%3s` text (see [`month_index`]).
    fn month(&self) -> i64 {
        month_index(&self.word[..self.word_len])
    }
}

/// The subset of C `sscanf` that DateToTimeT's patterns use, in the C
/// locale: `%*s`, `%d` (stored into an `int`, so wrapped to 32 bits),
/// `%3s`, a space (any run of spaces, possibly none), and other bytes that
/// must match exactly. `None` unless every directive succeeded.
fn scan(s: &[u8], fmt: &[u8]) -> Option<Scanned> {
    let mut r = Scanned::default();
    let mut i = 0;
    let mut f = 0;
    let skip_spaces = |i: &mut usize| {
        while *i < s.len() && is_space(s[*i]) {
            *i += 1;
        }
    };
    while f < fmt.len() {
        match fmt[f] {
            b' ' => {
                skip_spaces(&mut i);
                f += 1;
            }
            b'%' => {
                skip_spaces(&mut i);
                let spec = &fmt[f + 1..];
                if spec.starts_with(b"d") {
                    let (v, end) = scan_int(&s[i..])?;
                    r.ints[r.n_ints] = v as i32;
                    r.n_ints += 1;
                    i += end;
                    f += 2;
                } else {
                    // `%3s` keeps what it reads; `%*s` reads a whole word.
                    let limit = if spec.starts_with(b"3s") {
                        3
                    } else {
                        usize::MAX
                    };
                    let start = i;
                    while i < s.len() && !is_space(s[i]) && i - start < limit {
                        i += 1;
                    }
                    if i == start {
                        return None;
                    }
                    if limit == 3 {
                        r.word[..i - start].copy_from_slice(&s[start..i]);
                        r.word_len = i - start;
                    }
                    f += 3;
                }
            }
            c => {
                if s.get(i) != Some(&c) {
                    return None;
                }
                i += 1;
                f += 1;
            }
        }
    }
    Some(r)
}

/// `%d` after the spaces: an optional sign and at least one decimal digit,
/// converted as `strtol` does. Returns the value and the bytes consumed.
fn scan_int(s: &[u8]) -> Option<(i64, usize)> {
    let sign = usize::from(matches!(s.first(), Some(b'+' | b'-')));
    if !s.get(sign).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let (v, end) = c_strtol(s, 10);
    Some((v, end))
}

/// The month index of a `%3s` month name: 0 for `Jan` ... 11 for `Dec`, and
/// 12 (January of the next year, once normalised) for anything else,
/// including other cases such as `nov`.
fn month_index(name: &[u8]) -> i64 {
    MONTHS.iter().position(|m| &m[..] == name).unwrap_or(12) as i64
}

/// DateToTimeT: seconds since the epoch of an HTTP date.
///
/// `s` is the C string without its terminating NUL. The first of the three
/// historical `sscanf` patterns that fills all six fields is used:
///
/// 1. `%*s %d %3s %d %d:%d:%d` (RFC 1123: day, month, year, time),
/// 2. `%*s %d-%3s-%d %d:%d:%d` (RFC 850),
/// 3. `%*s %3s %d %d:%d:%d %d` (asctime: month, day, time, year).
///
/// A year below 38 is 20xx, below 100 19xx. The fields are normalised as by
/// `mktime` in UTC ([`timegm`]); where that would fail (the year leaves the C
/// `int` range) the result is -1, and -1 is returned as 0. When no pattern
/// matches, the result is the leading integer of `s` as `strtol` reads it in
/// base 10 (0 when there is none). No process state is used.
///
/// ```
/// use wwwurl::wwwoffle::date::{date_to_time_t, rfc822_date_utc};
///
/// assert_eq!(date_to_time_t(b"Sun, 06 Nov 1994 08:49:37 GMT"), 784111777);
/// use wwwurl::wwwoffle::codec::BoundedSink;
///
/// // The date fits a fixed buffer: nothing to allocate, nothing can fail.
/// let mut buf = [0u8; 64];
/// let mut out = BoundedSink::new(&mut buf);
/// let Ok(()) = rfc822_date_utc(784111777, &mut out);
/// let n = out.needed();
/// assert_eq!(&buf[..n], b"Sun, 06 Nov 1994 08:49:37 GMT");
/// ```
pub fn date_to_time_t(s: &[u8]) -> i64 {
    let (day, mon, year, hour, min, sec) = if let Some(r) = scan(s, b"%*s %d %3s %d %d:%d:%d") {
        let [day, year, hour, min, sec] = r.ints;
        (day, r.month(), year, hour, min, sec)
    } else if let Some(r) = scan(s, b"%*s %d-%3s-%d %d:%d:%d") {
        let [day, year, hour, min, sec] = r.ints;
        (day, r.month(), year, hour, min, sec)
    } else if let Some(r) = scan(s, b"%*s %3s %d %d:%d:%d %d") {
        let [day, hour, min, sec, year] = r.ints;
        (day, r.month(), year, hour, min, sec)
    } else {
        return c_strtol(s, 10).0;
    };
    let year = i64::from(year);
    let year = if year < 38 {
        year + 2000
    } else if year < 100 {
        year + 1900
    } else {
        year
    };
    match timegm(year, mon, day.into(), hour.into(), min.into(), sec.into()) {
        None | Some(-1) => 0,
        Some(t) => t,
    }
}

/// DurationToString: appends the human form of `d` seconds.
///
/// Weeks are written (`<w>w`) only when there are more than 4, else they
/// count as days; then `<d>d` when there are days; then the time of day
/// when not zero: `<h>h` for whole hours, `HH:MM` for whole minutes, else
/// `HH:MM:SS`; finally ` (<d>s)`. Parts are separated by one space. A
/// negative `d` gives what the historical C arithmetic gives (quotients
/// rounded toward zero, negative parts written with their sign).
pub fn duration_to_string<S: Sink>(d: i64, out: &mut S) -> Result<(), S::Error> {
    let weeks = d / 604_800;
    let rest = d % 604_800;
    let mut days = rest / DAY;
    let rest = rest % DAY;
    let (hours, minutes, seconds) = (rest / 3600, rest / 60 % 60, rest % 60);
    let with_weeks = weeks > 4;
    if with_weeks {
        push_int(out, weeks, 0, b' ')?;
        out.push(b'w')?;
    } else {
        days += weeks * 7;
    }
    if days != 0 {
        if with_weeks {
            out.push(b' ')?;
        }
        push_int(out, days, 0, b' ')?;
        out.push(b'd')?;
    }
    if hours != 0 || minutes != 0 || seconds != 0 {
        if with_weeks || days != 0 {
            out.push(b' ')?;
        }
        if minutes == 0 && seconds == 0 {
            push_int(out, hours, 0, b' ')?;
            out.push(b'h')?;
        } else {
            push_int(out, hours, 2, b'0')?;
            out.push(b':')?;
            push_int(out, minutes, 2, b'0')?;
            if seconds != 0 {
                out.push(b':')?;
                push_int(out, seconds, 2, b'0')?;
            }
        }
    }
    out.extend(b" (")?;
    push_int(out, d, 0, b' ')?;
    out.extend(b"s)")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;

    fn rfc(t: i64) -> String {
        let mut v = Buf::new();
        rfc822_date_utc(t, &mut v).unwrap();
        String::from_utf8(v.into_vec()).unwrap()
    }

    fn dur(d: i64) -> String {
        let mut v = Buf::new();
        duration_to_string(d, &mut v).unwrap();
        String::from_utf8(v.into_vec()).unwrap()
    }

    #[test]
    fn rfc822_epoch() {
        assert_eq!(rfc(0), "Thu, 01 Jan 1970 00:00:00 GMT");
    }

    #[test]
    fn rfc822_leap_day() {
        assert_eq!(rfc(951_825_600), "Tue, 29 Feb 2000 12:00:00 GMT");
    }

    #[test]
    fn rfc822_year_is_right_aligned_width_4() {
        assert_eq!(rfc(-62_135_596_800), "Mon, 01 Jan    1 00:00:00 GMT");
        assert_eq!(rfc(-62_198_755_200), "Fri, 01 Jan   -1 00:00:00 GMT");
    }

    #[test]
    fn rfc822_extreme_times_do_not_panic() {
        assert_eq!(rfc(i64::MAX), "Sun, 04 Dec 292277026596 15:30:07 GMT");
        assert_eq!(rfc(i64::MIN), "Sun, 27 Jan -292277022657 08:29:52 GMT");
    }

    #[test]
    fn utc_fields_before_epoch() {
        let f = utc_fields(-1);
        assert_eq!((f.year, f.month, f.day), (1969, 12, 31));
        assert_eq!(
            (f.hour, f.minute, f.second, f.weekday, f.yday),
            (23, 59, 59, 3, 364)
        );
    }

    #[test]
    fn civil_round_trips_over_many_eras() {
        let mut d = -1_000_000;
        while d < 1_000_000 {
            let (y, m, day) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, day.into()), d);
            d += 37;
        }
    }

    #[test]
    fn timegm_normalises_out_of_range_fields() {
        assert_eq!(timegm(1994, 12, 6, 8, 49, 37), Some(789_382_177));
        assert_eq!(timegm(1994, 0, 0, 0, 0, 0), timegm(1993, 11, 31, 0, 0, 0));
        assert_eq!(timegm(1970, 0, 1, -1, 0, 0), Some(-3600));
    }

    #[test]
    fn timegm_fails_outside_c_int_years() {
        assert_eq!(timegm(i64::from(i32::MAX) + 1900, 12, 1, 0, 0, 0), None);
        assert_eq!(timegm(i64::MAX, 0, 1, 0, 0, 0), None);
    }

    #[test]
    fn strtol_c_rules() {
        assert_eq!(c_strtol(b" \t-42x", 10), (-42, 5));
        assert_eq!(c_strtol(b"+", 10), (0, 0));
        assert_eq!(c_strtol(b"0x1fg", 16), (31, 4));
        assert_eq!(c_strtol(b"0x;", 16), (0, 1));
        assert_eq!(c_strtol(b"0x10", 10), (0, 1));
        assert_eq!(c_strtol(b"010", 0), (8, 3));
    }

    #[test]
    fn strtol_saturates() {
        assert_eq!(c_strtol(b"99999999999999999999", 10), (i64::MAX, 20));
        assert_eq!(c_strtol(b"-9223372036854775808", 10).0, i64::MIN);
        assert_eq!(c_strtol(b"-9223372036854775809", 10).0, i64::MIN);
    }

    #[test]
    fn date_three_formats() {
        for s in [
            &b"Sun, 06 Nov 1994 08:49:37 GMT"[..],
            b"Sunday, 06-Nov-94 08:49:37 GMT",
            b"Sun Nov  6 08:49:37 1994",
        ] {
            assert_eq!(date_to_time_t(s), 784_111_777);
        }
    }

    #[test]
    fn date_unknown_month_is_january_next_year() {
        assert_eq!(
            date_to_time_t(b"Sun, 06 nov 1994 08:49:37 GMT"),
            789_382_177
        );
    }

    #[test]
    fn date_two_digit_years() {
        assert_eq!(
            date_to_time_t(b"Sun, 06 Nov 37 08:49:37 GMT"),
            2_141_110_177
        );
        assert_eq!(date_to_time_t(b"Sun, 06 Nov 38 08:49:37 GMT"), -983_113_823);
    }

    #[test]
    fn date_minus_one_becomes_zero() {
        assert_eq!(date_to_time_t(b"Wed, 31 Dec 1969 23:59:59 GMT"), 0);
    }

    #[test]
    fn date_falls_back_to_leading_integer() {
        assert_eq!(date_to_time_t(b"  42 abc"), 42);
        assert_eq!(date_to_time_t(b"-1"), -1);
        assert_eq!(date_to_time_t(b"Sun, 06 Nov 1994"), 0);
    }

    #[test]
    fn date_int_fields_wrap_like_c_int() {
        // 4294967302 stored into an int is 6.
        assert_eq!(
            date_to_time_t(b"x 4294967302 Nov 1994 08:49:37"),
            784_111_777
        );
    }

    #[test]
    fn date_literal_must_follow_number_directly() {
        assert_eq!(date_to_time_t(b"Sun, 06 Nov 1994 08 :49:37 GMT"), 0);
    }

    #[test]
    fn duration_zero() {
        assert_eq!(dur(0), " (0s)");
    }

    #[test]
    fn duration_whole_hours() {
        assert_eq!(dur(3600), "1h (3600s)");
    }

    #[test]
    fn duration_folds_up_to_four_weeks_into_days() {
        assert_eq!(dur(2_419_201), "28d 00:00:01 (2419201s)");
        assert_eq!(dur(3_027_600), "5w 1h (3027600s)");
    }

    #[test]
    fn duration_minutes_without_seconds() {
        assert_eq!(dur(31_449_660), "52w 00:01 (31449660s)");
    }

    #[test]
    fn duration_negative_uses_c_arithmetic() {
        assert_eq!(dur(-61), "00:-1:-1 (-61s)");
        assert!(dur(i64::MIN).ends_with(" (-9223372036854775808s)"));
    }
}
