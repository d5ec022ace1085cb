//! Markdown emphasis and code marks around a value. Chat models bold,
//! italicise or backtick what they answer (`**M1**`, `*Omar*`,
//! `` `e753` ``, `**Start:** 14:30`), and a reader sees the value, not its
//! marks. Strikethrough (`~~M2~~`) is not emphasis: it is the writer's
//! deletion, so it is kept and what it strikes reads as nothing.

use std::borrow::Cow;

/// The characters an emphasis or code mark is a run of.
fn is_mark(c: char) -> bool {
    matches!(c, '*' | '_' | '`')
}

/// A run of one mark character in `text`: its byte range and character.
struct Run {
    start: usize,
    end: usize,
    mark: char,
    /// It may open a span: something visible follows it, and it does not
    /// stand inside a word (`valid_rows`, `a*b` keep their marks).
    opens: bool,
    /// It may close a span: something visible precedes it, and no word
    /// goes on after it.
    closes: bool,
}

/// `text` without the marks of every emphasis or code span in it: a run
/// of `*`, `_` or `` ` `` that opens a span (at a word's start) paired
/// with the nearest later run of the same characters that closes it (at
/// a word's end). `**M1**`, `***x***`, `**_x_**`, `` `M1` ``, `*Omar*,
/// *Maya*` and `**Start:** 14:30` lose their marks; a mark with no
/// partner (`5 * 3`, `* item`, `_x`), a mark inside a word (`valid_rows`)
/// and strikethrough (`~~M2~~`) stay. Borrowed when nothing changes.
pub fn without_emphasis(text: &str) -> Cow<'_, str> {
    if !text.contains(is_mark) {
        return Cow::Borrowed(text);
    }
    let runs = runs(text);
    // Pairs by a stack of open runs: a closing run matches the nearest
    // open run of the same characters, and the runs opened after it stay
    // unpaired (`*a **b* c` pairs the single stars).
    let mut open: Vec<usize> = Vec::new();
    let mut paired = vec![false; runs.len()];
    for (i, run) in runs.iter().enumerate() {
        let same = |j: &usize| {
            let other = &runs[*j];
            other.mark == run.mark && other.end - other.start == run.end - run.start
        };
        if run.closes
            && let Some(at) = open.iter().rposition(same)
        {
            paired[open[at]] = true;
            paired[i] = true;
            open.truncate(at);
            continue;
        }
        if run.opens {
            open.push(i);
        }
    }
    if !paired.contains(&true) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (run, _) in runs.iter().zip(&paired).filter(|(_, p)| **p) {
        out.push_str(&text[at..run.start]);
        at = run.end;
    }
    out.push_str(&text[at..]);
    Cow::Owned(out)
}

/// The runs of mark characters in `text`, in order.
fn runs(text: &str) -> Vec<Run> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, mark) = chars[i];
        if !is_mark(mark) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j].1 == mark {
            j += 1;
        }
        let end = chars.get(j).map_or(text.len(), |(at, _)| *at);
        let before = i.checked_sub(1).map(|k| chars[k].1);
        let after = chars.get(j).map(|(_, c)| *c);
        // A word character next to the run on the outside means the run
        // stands inside a word; other marks (`**_x_**`) and punctuation
        // do not.
        let wordy = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        let visible = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace());
        runs.push(Run {
            start,
            end,
            mark,
            opens: visible(after) && !wordy(before),
            closes: visible(before) && !wordy(after),
        });
        i = j;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::without_emphasis;

    #[test]
    fn emphasis_and_code_marks_go() {
        for (text, plain) in [
            ("**M1**", "M1"),
            ("`M1`", "M1"),
            ("*Omar*", "Omar"),
            ("_Harbor_", "Harbor"),
            ("__Harbor__", "Harbor"),
            ("***e753***", "e753"),
            ("**_x1_**", "x1"),
            ("``M2``", "M2"),
            ("*Omar*, *Maya* and **Felix**", "Omar, Maya and Felix"),
            ("**e753**, **e445** and **p681**", "e753, e445 and p681"),
            ("**Start:** 14:30", "Start: 14:30"),
            ("**M1** (Security review)", "M1 (Security review)"),
            ("*Omar, Maya and Felix*", "Omar, Maya and Felix"),
            ("**$11,287.88**", "$11,287.88"),
        ] {
            assert_eq!(without_emphasis(text), plain, "{text}");
        }
    }

    #[test]
    fn other_marks_stay() {
        for text in [
            "~~M2~~",
            "~~M1~~ M2",
            "valid_rows",
            "a_b@example.com",
            "5 * 3 * 2",
            "* item",
            "_x",
            "**M1",
            "M1**",
            "**",
            "snake_case_name",
            "**M1*",
        ] {
            assert_eq!(without_emphasis(text), text, "{text}");
        }
        // A pair inside strikethrough loses its marks; the strike stays.
        assert_eq!(without_emphasis("~~**M2**~~"), "~~M2~~");
    }
}
