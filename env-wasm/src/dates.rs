//! Plain calendar dates derived from the seed (the core has no clock), shared
//! by every generator that writes dates:
//! day numbers since 1970-01-01, converted with Howard Hinnant's civil
//! algorithms, and clock times as minutes after midnight.

/// Month names, January first.
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// A day, as days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub i64);

impl Day {
    /// The first day of 2026, which every generated date is drawn after.
    pub const EPOCH_2026: Day = Day(20454);

    pub fn civil(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let y = yoe + era * 400 + i64::from(m <= 2);
        (y, m, d)
    }

    /// 0 = Monday ... 6 = Sunday.
    pub fn weekday(self) -> usize {
        (self.0 + 3).rem_euclid(7) as usize
    }

    pub fn is_weekend(self) -> bool {
        self.weekday() >= 5
    }

    pub fn plus(self, days: i64) -> Day {
        Day(self.0 + days)
    }

    /// `2026-04-09`
    pub fn iso(self) -> String {
        let (y, m, d) = self.civil();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// `Thursday 9 April`
    pub fn long(self) -> String {
        let (_, m, d) = self.civil();
        format!(
            "{} {d} {}",
            WEEKDAYS[self.weekday()],
            MONTHS[m as usize - 1]
        )
    }

    /// `Thu, 9 Apr 2026`
    pub fn header(self) -> String {
        let (y, m, d) = self.civil();
        format!(
            "{}, {d} {} {y}",
            &WEEKDAYS[self.weekday()][..3],
            &MONTHS[m as usize - 1][..3]
        )
    }

    pub fn weekday_name(self) -> &'static str {
        WEEKDAYS[self.weekday()]
    }
}

/// Minutes after midnight as `HH:MM`.
pub fn clock(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Read `14:00`, `9:30`, `1400` or `14h00` as minutes after midnight.
pub fn parse_clock(text: &str) -> Option<u32> {
    let digits: String = text.trim().chars().filter(|c| c.is_ascii_digit()).collect();
    let separated = text.trim().contains([':', 'h', '.']);
    let (hours, minutes) = match (digits.len(), separated) {
        (3, _) => (&digits[..1], &digits[1..]),
        (4, _) => (&digits[..2], &digits[2..]),
        (1 | 2, false) => (digits.as_str(), "00"),
        _ => return None,
    };
    let (h, m): (u32, u32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(Day(0).iso(), "1970-01-01");
        assert_eq!(Day::EPOCH_2026.iso(), "2026-01-01");
        assert_eq!(Day::EPOCH_2026.weekday_name(), "Thursday");
        assert_eq!(Day::EPOCH_2026.plus(98).long(), "Thursday 9 April");
        assert_eq!(Day::EPOCH_2026.plus(98).header(), "Thu, 9 Apr 2026");
        assert_eq!(Day::EPOCH_2026.plus(59).iso(), "2026-03-01");
    }

    #[test]
    fn clocks() {
        assert_eq!(clock(14 * 60 + 5), "14:05");
        for (text, minutes) in [
            ("14:00", 840),
            ("9:30", 570),
            ("1400", 840),
            ("14h00", 840),
            ("9", 540),
        ] {
            assert_eq!(parse_clock(text), Some(minutes), "{text}");
        }
        for bad in ["", "25:00", "12:75", "noon", "123456"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }
}
