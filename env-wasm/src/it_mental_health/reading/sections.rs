//! The lenient section reader every grader starts with. An answer is read
//! as lines; markdown (headings, bullets, numbering, bold, block quotes) is
//! stripped; a line that starts with a known label ("Severity:", "## Red
//! flags", "**HR escalation** - No", "| Week 2 | ...") opens a section that
//! runs to the next label. Labels may also follow each other inside one
//! line ("Severity: High. HR escalation: No."). Case never matters.

use crate::text::{number_value, number_word, table, word_count};

/// A section the grader reads, and the ways an answer may title it.
#[derive(Debug, Clone, Copy)]
pub struct Label {
    /// The section's key, as graders ask for it.
    pub key: &'static str,
    /// Lower-case ASCII titles; the longest that fits wins.
    pub names: &'static [&'static str],
    /// Whether a title may run on into a sentence ("Severity is high",
    /// "Red flags include ..."), for answers written as prose.
    pub loose: bool,
}

impl Label {
    /// Whether `name`, one of this label's titles, says the response
    /// format's own title (the first) or a word of it ("total budget",
    /// "red flag"), rather than another word for the field ("cost",
    /// "warning signs").
    pub fn formal(&self, name: &str) -> bool {
        fn stem(word: &str) -> &str {
            word.trim_end_matches('s')
        }
        let own = self.names.first().copied().unwrap_or_default();
        name.split_whitespace()
            .any(|w| own.split_whitespace().any(|o| stem(o) == stem(w)))
    }
}

/// Words a loose title may run on with.
const RUN_ON: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "include",
    "includes",
    "present",
    "level",
    "rating",
    "would",
    "should",
    "identified",
    "observed",
    "decision",
    "recommendation",
];

/// One line of an answer after markup is stripped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line's text, markup stripped.
    pub plain: String,
    /// The cells of a markdown table row, stripped; `None` for other lines.
    pub cells: Option<Vec<String>>,
    /// The line began with a bullet or a number.
    pub listed: bool,
}

impl Line {
    pub(crate) fn is_blank(&self) -> bool {
        self.plain.trim().is_empty()
    }
}

/// A labelled part of an answer: its key and its lines (the text after the
/// title on the title line comes first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section's key.
    pub key: &'static str,
    /// Its lines, the title line's text after the title first.
    pub lines: Vec<Line>,
    /// Whether its title is the response format's own ([`Label::formal`]).
    pub formal: bool,
}

impl Section {
    /// The section's text, one line a line.
    pub fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.plain.as_str())
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The section as separate items: one per line or bullet; a single
    /// unmarked line is split at inline numbering ("1) ... 2) ..."), at
    /// semicolons, in a series ("A, B and C"), or at commas when every part
    /// is a keyword of at most three words. When some lines are bullets or
    /// numbered (or table rows), the others are remarks around the list, not
    /// items, and each bullet is one item however much it packs in ("- A;
    /// B; C" earns at most one credit, as one list item does); only explicit
    /// inline numbering inside it ("- 1) A 2) B") makes it several. A table
    /// row that only gives the section's title and its content ("| Red flags
    /// | A; B; C |") is that content as one line, not a row of a list.
    pub fn items(&self) -> Vec<String> {
        let rows = self
            .lines
            .iter()
            .skip(1)
            .any(|l| l.cells.is_some() && !l.is_blank());
        let marked = |l: &Line| l.listed || (l.cells.is_some() && rows);
        let listed = self.lines.iter().any(|l| marked(l) && !l.is_blank());
        let lines: Vec<&str> = self
            .lines
            .iter()
            .filter(|l| !listed || marked(l))
            .map(|l| l.plain.trim())
            .filter(|l| !l.is_empty())
            .collect();
        let mut items = Vec::new();
        for line in &lines {
            let parts = match (listed, lines.len()) {
                (true, _) => split_inline_numbering(line),
                (false, 1) => split_single(line),
                (false, _) => split_keywords(line),
            };
            items.extend(parts);
        }
        items.retain(|i| word_count(i) > 0);
        items
    }

    /// The section's length in words.
    pub fn words(&self) -> usize {
        word_count(&self.text())
    }

    /// Whether the section is an item of a list titled in other words than
    /// the response format's ([`Parsed::copies`]).
    fn working_step(&self) -> bool {
        !self.formal && self.lines.first().is_some_and(|l| l.listed)
    }
}

fn split_single(line: &str) -> Vec<String> {
    let numbered = split_inline_numbering(line);
    if numbered.len() > 1 {
        return numbered;
    }
    let semis: Vec<String> = line
        .split(';')
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    if semis.len() > 1 {
        return semis;
    }
    split_series(line).unwrap_or_else(|| split_keywords(line))
}

/// A sentence listing its items in a series: "A, B, and C" or "A, B and
/// C" (at least three items, the last joined by "and" or "or"). "62 hours a
/// week, including weekends" is no series.
fn split_series(line: &str) -> Option<Vec<String>> {
    let body = line.trim().trim_end_matches(['.', ';']);
    let mut parts: Vec<String> = outside_quotes(body, ',')
        .into_iter()
        .map(|p| p.trim().to_owned())
        .collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let last = parts.pop()?;
    let joined = ["and ", "or "]
        .iter()
        .find_map(|j| last.strip_prefix(j))
        .map(|rest| vec![rest.trim().to_owned()]);
    let tail = match joined {
        // "A, B, and C"
        Some(rest) => rest,
        // "A, B and C"
        None => {
            let (head, rest) = last
                .rsplit_once(" and ")
                .or_else(|| last.rsplit_once(" or "))?;
            vec![head.trim().to_owned(), rest.trim().to_owned()]
        }
    };
    parts.extend(tail);
    (parts.len() >= 3 && parts.iter().all(|p| word_count(p) > 0)).then_some(parts)
}

/// `text` split at `at` where it stands outside double quotes, so a quoted
/// sentence with commas stays one part.
fn outside_quotes(text: &str, at: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut quoted = false;
    let mut from = 0;
    for (k, c) in text.char_indices() {
        match c {
            '"' | '\u{201c}' | '\u{201d}' => quoted = !quoted,
            c if c == at && !quoted => {
                parts.push(&text[from..k]);
                from = k + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[from..]);
    parts
}

/// Verbs that continue a sentence after an aside between commas.
const PREDICATE_VERBS: &[&str] = &[
    "is", "are", "was", "were", "count", "counts", "seems", "seem", "remains", "remain", "rates",
    "rate", "looks", "look", "stays", "stay",
];

/// "long hours, no leave, sleep" is a list of three keywords; "62 hours a
/// week, including weekends" is one fact.
fn split_keywords(line: &str) -> Vec<String> {
    let parts: Vec<String> = line
        .split(',')
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    // "Production incidents, 6 last month, are moderate": a part that
    // opens with a verb is the sentence going on after an aside set off
    // by commas, not a keyword (para-it12 B1).
    let predicate = parts.iter().skip(1).any(|p| {
        p.split_whitespace()
            .next()
            .is_some_and(|w| PREDICATE_VERBS.contains(&w.to_ascii_lowercase().as_str()))
    });
    if parts.len() >= 3 && !predicate && parts.iter().all(|p| word_count(p) <= 3) {
        parts
    } else {
        vec![line.trim().to_owned()]
    }
}

/// "1) a 2) b 3) c" or "1. a 2. b" inside one line.
fn split_inline_numbering(line: &str) -> Vec<String> {
    // A line that began "1) ..." has lost its first number to
    // `strip_markup`; its items then start at 2.
    let numbered = |first: u32| {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut cuts = Vec::new();
        let mut expected = first;
        for (k, (at, c)) in chars.iter().enumerate() {
            let Some(d) = c.to_digit(10) else { continue };
            let starts_word = k == 0 || chars[k - 1].1.is_whitespace();
            let marker = chars
                .get(k + 1)
                .is_some_and(|(_, m)| *m == ')' || *m == '.');
            let spaced = chars.get(k + 2).is_some_and(|(_, s)| s.is_whitespace());
            if d == expected && starts_word && marker && spaced {
                cuts.push(*at);
                expected += 1;
            }
        }
        cuts
    };
    let mut cuts = numbered(1);
    if cuts.len() < 2 {
        cuts = numbered(2);
        if cuts.len() >= 2 || (cuts.len() == 1 && cuts[0] > 0) {
            cuts.insert(0, 0);
        }
    }
    if cuts.len() < 2 {
        return vec![line.to_owned()];
    }
    cuts.push(line.len());
    cuts.windows(2)
        .map(|w| strip_markup(&line[w[0]..w[1]]).0.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Strip list and emphasis markup from the start of a line; returns the
/// text and whether it was a list item.
pub fn strip_markup(line: &str) -> (String, bool) {
    // Bold first, so "**1. Severity**" is seen as numbered. Most lines
    // have no bold, and are read as they are.
    let unbolded = if line.contains("**") || line.contains("__") {
        std::borrow::Cow::Owned(line.replace("**", "").replace("__", ""))
    } else {
        std::borrow::Cow::Borrowed(line)
    };
    let mut text = unbolded.trim();
    let mut listed = false;
    // A numbered heading ("### 1. Name") is a heading, not a list item.
    let heading = text.starts_with('#');
    loop {
        let before = text;
        text = text.trim_start_matches(['#', '>']).trim_start();
        for bullet in [
            "- ",
            "* ",
            "+ ",
            "\u{2022}",
            "\u{00b7}",
            "\u{2023}",
            "\u{2013} ",
            "\u{2014} ",
        ] {
            if let Some(rest) = text.strip_prefix(bullet) {
                text = rest.trim_start();
                listed = true;
            }
        }
        if let Some(rest) = strip_number(text) {
            text = rest;
            listed = true;
        }
        if text == before {
            break;
        }
    }
    let cleaned = text.trim().trim_matches(['*', '_']).trim().to_owned();
    (cleaned, listed && !heading)
}

/// "1." / "2)" / "(3)" / "4:" followed by a space.
fn strip_number(text: &str) -> Option<&str> {
    let body = text.strip_prefix('(').unwrap_or(text);
    let digits = body.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rest = &body[digits..];
    let rest = rest
        .strip_prefix(')')
        .or_else(|| rest.strip_prefix('.'))
        .or_else(|| rest.strip_prefix(':'))?;
    rest.starts_with(' ').then(|| rest.trim_start())
}

/// One raw line as [`Line`]s: a table row, or text split where a second
/// label starts inside it. `opened` holds the keys of the sections read so
/// far, the open one last.
fn read_line(
    raw: &str,
    labels: &[Label],
    opened: &[&'static str],
    midline: &[&'static str],
) -> Vec<Line> {
    let trimmed = raw.trim();
    if let Some(cells) = table::cells(trimmed) {
        if table::is_separator(trimmed) {
            return Vec::new();
        }
        let cells: Vec<String> = cells.into_iter().map(|c| strip_markup(c).0).collect();
        return vec![Line {
            plain: cells.join(" | "),
            cells: Some(cells),
            listed: false,
        }];
    }
    let (plain, listed) = strip_markup(trimmed);
    let plain = labelled_question(plain, labels);
    split_inline_labels(&plain, labels, opened, midline)
        .into_iter()
        .enumerate()
        .map(|(k, part)| Line {
            plain: part,
            cells: None,
            listed: listed && k == 0,
        })
        .collect()
}

/// A Q&A line is read as its labelled line only where its question is a
/// label ([`question_and_answer`]): other questions ("Q: What happens in
/// the next 24 hours?") are read as they stand, cues and all.
fn labelled_question(plain: String, labels: &[Label]) -> String {
    let qa = question_and_answer(&plain);
    // Most lines are no Q&A and read the same either way: no title to match.
    if qa != plain && match_title(&qa, labels).is_some() {
        qa
    } else {
        plain
    }
}

/// Prefixes of a question and of its answer in a Q&A layout.
const QUESTION_MARKS: &[&str] = &["q:", "question:"];
const ANSWER_MARKS: &[&str] = &["a:", "answer:"];

/// A Q&A layout's line as the labelled line it stands for (para-it11 B1):
/// "Q: Burnout dimensions? A: exhaustion" is "Burnout dimensions:
/// exhaustion", "Q: Priority ranking?" alone is the title "Priority
/// ranking:", and "A: ..." (the answer below its question, or a labelled
/// line after the mark: "A: Red flags: ...") is its text.
fn question_and_answer(line: &str) -> String {
    let after = |marks: &[&str], text: &str| {
        marks.iter().find_map(|m| {
            text.get(..m.len())
                .filter(|head| head.eq_ignore_ascii_case(m))
                .map(|_| text[m.len()..].trim_start().to_owned())
        })
    };
    if let Some(question) = after(QUESTION_MARKS, line) {
        let Some(mark) = question.find('?') else {
            return line.to_owned();
        };
        let title = question[..mark].trim_end();
        let rest = question[mark + 1..].trim_start();
        let answer = after(ANSWER_MARKS, rest).unwrap_or_else(|| rest.to_owned());
        return format!("{title}: {answer}").trim_end().to_owned();
    }
    after(ANSWER_MARKS, line).unwrap_or_else(|| line.to_owned())
}

/// "Severity: High. HR escalation: No." is two lines: a label with a colon
/// after a sentence end starts a new one. Inside a sentence run, a label of
/// a section already given earlier is a word of the open section's
/// reasoning, not a second copy of that section: "Severity: Low. Hours: 0.
/// Dimensions: 2 points." sums the severity's parts. The open section's own
/// label still splits ("Red flag 1: ... Red flag 2: ..." is two items).
///
/// A label of a key in `midline` (a field the answer titles at no line
/// start, [`keys_at_line_starts`]) with its colon after any word, inside a
/// sentence, opens its field from the colon as at a line start ("... so
/// Burnout dimensions: exhaustion, ...", "I would put this at Severity:
/// High", para-it14 C1); a label word without its colon stays prose.
fn split_inline_labels(
    line: &str,
    labels: &[Label],
    opened: &[&'static str],
    midline: &[&'static str],
) -> Vec<String> {
    let mut parts = Vec::new();
    let mut from = 0;
    let mut open = match_label(line, labels)
        .map(|(key, _, _)| key)
        .or_else(|| opened.last().copied());
    let bytes = line.as_bytes();
    // A label opens a part only with its colon after it: no part opens
    // past the line's last colon.
    let last_colon = line.rfind(':');
    for at in 1..line.len() {
        if !line.is_char_boundary(at) || at <= from || last_colon.is_none_or(|c| c < at) {
            continue;
        }
        let after_stop = matches!(bytes[at - 1], b' ')
            && at >= 2
            && matches!(bytes[at - 2], b'.' | b';' | b'!' | b'?');
        // Inside a sentence, after a word: "..., so Burnout dimensions:
        // exhaustion", "I would put this at Severity: High".
        let mid_sentence = !after_stop
            && !midline.is_empty()
            && bytes[at - 1] == b' '
            && !bytes[at].is_ascii_whitespace();
        if !after_stop && !mid_sentence {
            continue;
        }
        let rest = &line[at..];
        let strict = match_label(rest, labels)
            .filter(|(_, _, sep)| *sep == Some(':'))
            .map(|(key, _, _)| key)
            .filter(|key| after_stop || midline.contains(key));
        let Some(key) = strict else { continue };
        // A sentence stands before it: "Incident risk:" and "Budget and
        // risk:" are titles worded around a label, an item's or two
        // fields', no field.
        let head = &line[from..at];
        if mid_sentence
            && (title_words(head).len() < MID_SENTENCE_WORDS || titles_another(head, key, labels))
        {
            continue;
        }
        let given_before = opened.contains(&key)
            || parts.iter().any(|p: &String| {
                match_label(p, labels).is_some_and(|(earlier, _, _)| earlier == key)
            });
        if given_before && open != Some(key) {
            continue;
        }
        parts.push(line[from..at].trim().to_owned());
        from = at;
        open = Some(key);
    }
    parts.push(line[from..].trim().to_owned());
    parts
}

/// The label a line starts with: its key, the text after the title, and
/// the separator used (`None` for a bare title or a run-on).
pub fn match_label(line: &str, labels: &[Label]) -> Option<(&'static str, String, Option<char>)> {
    match_title(line, labels).map(|t| (t.key, t.rest, t.separator))
}

/// A title a line starts with, as [`match_label`] reads it.
struct Title {
    key: &'static str,
    rest: String,
    separator: Option<char>,
    formal: bool,
}

/// Words of a worded title that group its items by severity ("Severe
/// stressors:").
const SEVERITY_QUALIFIERS: &[&str] = &["severe", "moderate"];

/// The most words of a short title worded around its label, a title by its
/// form alone ("Dimensions of burnout present:", "Main risk and
/// mitigation"); a longer one is a title when the label's name heads it
/// ([`names_its_subject`]).
const WORDED_TITLE_WORDS: usize = 5;

/// Words that may stand before a label's name, in its clause, in a title
/// that names it as its subject: determiners, presentatives and the words
/// that rank what follows ("Here are the three red flags ...", "These are
/// the main risks ...", "The clearest red flags ..."), besides numbers.
/// Any other word before the name makes the name the object of a sentence
/// or a phrase ("I saw red flags in ...", "asked me about red flags",
/// "Anika shows one burnout dimension, ..."): prose that mentions it.
const TITLE_OPENERS: &[&str] = &[
    "the",
    "a",
    "an",
    "my",
    "our",
    "your",
    "his",
    "her",
    "their",
    "its",
    "these",
    "those",
    "this",
    "here",
    "are",
    "is",
    "below",
    "following",
    "top",
    "main",
    "key",
    "biggest",
    "most",
    "important",
    "clearest",
    "clear",
    "major",
    "primary",
    "principal",
    "chief",
    "specific",
    "concrete",
    "notable",
    "serious",
    "real",
    "worrying",
    "concerning",
    "obvious",
    "current",
    "overall",
    "proposed",
    "suggested",
    "recommended",
    "final",
    "estimated",
    "expected",
    "planned",
    "total",
    "greatest",
    "largest",
    "strongest",
    "urgent",
    "immediate",
];

/// Words that may follow a label's name on a title line of its own, with
/// the name still its head: "Risk and mitigation", "Dimensions of
/// burnout", and a clause about the name ("The red flags that worry me
/// most", "Red flags I would raise first").
const HEAD_FOLLOWERS: &[&str] = &["and", "of", "for", "that", "which", "i", "we"];

/// Whether the label's name, words `at..end` of `title` (its words as
/// [`title_words`] reads them), is the subject the title names: only
/// [`TITLE_OPENERS`] and numbers stand before it in its clause (commas,
/// semicolons and dashes end a clause), the title holds no sentence end,
/// and the name does not run on into a sentence about it ("The main risk
/// is that ..."). "The red flags that worry me most", "Here are the three
/// red flags I would put to HR" and "The clearest red flags, in order"
/// name the red flags; "Her manager asked me about red flags in the
/// retro" mentions them in passing.
fn names_its_subject(title: &str, at: usize, end: usize) -> bool {
    let sentence_end = title
        .match_indices(['.', '!', '?'])
        .any(|(i, _)| title[i + 1..].starts_with(char::is_whitespace));
    let words = title_words(title);
    let runs_on = words
        .get(end)
        .is_some_and(|w| RUN_ON.contains(&w.as_str()) && end + 1 < words.len());
    if sentence_end || runs_on {
        return false;
    }
    let mut seen = 0;
    for clause in title.split([',', ';', '\u{2013}', '\u{2014}']) {
        let words = title_words(clause);
        if at < seen + words.len() {
            return words[..at - seen].iter().all(|w| {
                TITLE_OPENERS.contains(&w.as_str())
                    || number_value(w)
                        .or_else(|| number_word(w))
                        .is_some_and(|n| n > 0)
            });
        }
        seen += words.len();
    }
    false
}

/// A title that words the label in its own way, around one label's name:
/// before a colon ("Dimensions evidenced: ...", "The red flags that worry
/// me most: ...") or as a line of its own ("Main risk and mitigation",
/// where the label's name is the head: "Risk assessment by HR" is an
/// assessment). A short title is one by its form; a longer one when the
/// name is its subject ([`names_its_subject`]), whatever its length. It
/// names one label only ("Budget and risk:" is no title), a sentence is no
/// title, a title that sets the value aside ("Not counted as a
/// dimension:", "Red flags I would not weigh:") is none, and a list item
/// is one of a section's items ("- Incident risk: ...", the caller's to
/// tell).
fn match_worded_title(line: &str, labels: &[Label]) -> Option<Title> {
    let (plain, _) = strip_markup(line);
    let (title, rest, separator) = match title_colon(&plain) {
        Some((title, rest)) => (title, rest.trim().to_owned(), Some(':')),
        None => (plain.as_str(), String::new(), None),
    };
    // A title line of its own holds no sentence; settled, as a bracket
    // is, before the title is read as words (every line of an answer is
    // tried).
    if title.contains(['(', ')'])
        || (separator.is_none() && title.trim_end().ends_with(['.', '!', '?', ',', ';']))
    {
        return None;
    }
    // An ASCII title is lowered once and read as slices of it (every line
    // of an answer is tried): the words `title_words` gives.
    let lowered: String;
    let spelled: Vec<String>;
    let words: Vec<&str> = if title.is_ascii() {
        lowered = title.to_ascii_lowercase();
        lowered
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect()
    } else {
        spelled = title_words(title);
        spelled.iter().map(String::as_str).collect()
    };
    if words.is_empty() {
        return None;
    }
    // "Not counted as a dimension: ..." sets a value aside.
    if words.iter().any(|w| DISMISSING.contains(w)) {
        return None;
    }
    let names_in = |label: &Label| {
        label.names.iter().copied().find_map(|name| {
            // Split without allocating: every line tries every name.
            let mut parts = name.split_whitespace();
            let first = parts.next().unwrap_or("");
            let rest = parts;
            (0..words.len())
                // Most places hold no first word of the name: settled
                // before the rest of the name is split.
                .filter(|&at| same_word(words[at], first))
                .map(|at| (at, at + 1 + rest.clone().count()))
                .filter(|&(_, end)| end <= words.len())
                .find(|&(at, end)| {
                    let parts = std::iter::once(first).chain(rest.clone());
                    let here = words[at..end]
                        .iter()
                        .zip(parts)
                        .all(|(a, b)| same_word(a, b));
                    // The name heads the title, or a noun of a section's own
                    // ends it ("**Stressor assessment**", "## Stressor
                    // profile"); words after that noun make it a phrase of
                    // its own ("Risk assessment by HR").
                    let head = separator.is_some()
                        || words
                            .get(end)
                            .is_none_or(|next| HEAD_FOLLOWERS.contains(next))
                        || (end + 1 == words.len() && TITLE_NOUNS.contains(&words[end]));
                    here && head
                })
                .map(|(at, end)| (name, at, end))
        })
    };
    let mut found = labels
        .iter()
        .filter_map(|l| names_in(l).map(|(n, at, end)| (l, n, at, end)));
    let (label, name, at, end) = found.next()?;
    if found.any(|(other, _, _, _)| other.key != label.key) {
        return None;
    }
    if words.len() > WORDED_TITLE_WORDS && !names_its_subject(title, at, end) {
        return None;
    }
    // "Moderate stressors:" titles a group of its section's items by their
    // severity: the qualifier stays as the group's heading.
    let others: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !name.split_whitespace().any(|n| n == *w))
        .collect();
    let rest = match others.as_slice() {
        [qualifier] if SEVERITY_QUALIFIERS.contains(qualifier) => {
            format!("{qualifier}: {rest}").trim_end().to_owned()
        }
        _ => rest,
    };
    Some(Title {
        key: label.key,
        rest,
        separator,
        formal: label.formal(name),
    })
}

/// Nouns that may end a title after a field's name, naming the section
/// itself: "Stressor assessment", "Risk overview", "KPI summary".
const TITLE_NOUNS: &[&str] = &[
    "assessment",
    "analysis",
    "overview",
    "summary",
    "profile",
    "breakdown",
    "review",
    "identified",
    "found",
    "list",
];

/// Whether a title's word `word` is the label name's word `name`, in the
/// singular or the plural ("Stressor:" for "stressors", "KPIs" for "kpi").
fn same_word(word: &str, name: &str) -> bool {
    // Two words that are forms of each other open with one byte: most
    // pairs differ there.
    if let (Some(a), Some(b)) = (word.as_bytes().first(), name.as_bytes().first())
        && a != b
    {
        return false;
    }
    word == name || word.strip_suffix('s') == Some(name) || name.strip_suffix('s') == Some(word)
}

/// Titles of what an answer adds beside its fields ("Rationale and
/// caveats:", "**Notes**"): such a title ends the field above it, so the
/// amounts and ids its reasoning weighs are no second value of that field.
const ASIDE_TITLES: &[&str] = &[
    "rationale",
    "reasoning",
    "reasons",
    "caveat",
    "caveats",
    "note",
    "notes",
    "assumption",
    "assumptions",
    "justification",
    "why",
    "comment",
    "comments",
    "explanation",
    "considerations",
];

/// Words an aside's title may hold beside [`ASIDE_TITLES`].
const ASIDE_TITLE_FILLERS: &[&str] = &[
    "and",
    "key",
    "my",
    "brief",
    "short",
    "other",
    "additional",
    "further",
    "a",
    "few",
    "the",
];

/// Words of a title that set a value aside rather than give the field.
const DISMISSING: &[&str] = &[
    "not", "no", "non", "never", "without", "absent", "excluded", "rejected", "ruled",
];

/// A line split at the colon that ends a title: one followed by a space or
/// the line's end ("1:1s" and "10:30" hold no title).
fn title_colon(line: &str) -> Option<(&str, &str)> {
    line.match_indices(':').find_map(|(at, _)| {
        let rest = &line[at + 1..];
        (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| (&line[..at], rest))
    })
}

/// The lower-cased words of a title.
fn title_words(title: &str) -> Vec<String> {
    title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `plain` is the title of an aside ([`ASIDE_TITLES`]): before a
/// colon, or a line of its own.
fn is_aside_title(plain: &str) -> bool {
    let title = title_colon(plain).map_or(plain, |(title, _)| title);
    let words = title_words(title);
    words.iter().any(|w| ASIDE_TITLES.contains(&w.as_str()))
        && words.iter().all(|w| {
            ASIDE_TITLES.contains(&w.as_str()) || ASIDE_TITLE_FILLERS.contains(&w.as_str())
        })
}

fn match_title(line: &str, labels: &[Label]) -> Option<Title> {
    let (plain, _) = strip_markup(line);
    let mut best: Option<(&str, &Label)> = None;
    for label in labels {
        for name in label.names {
            if starts_with_ignore_case(&plain, name)
                && best.is_none_or(|(taken, _)| name.len() > taken.len())
            {
                best = Some((name, label));
            }
        }
    }
    let (name, label) = best?;
    let len = name.len();
    let title = |rest: String, separator: Option<char>| Title {
        key: label.key,
        rest,
        separator,
        formal: label.formal(name),
    };
    let rest = &plain[len..];
    if rest.chars().next().is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    // Italic marks may close the title: "*Severity*: High".
    let mut rest = rest.trim_start_matches(['*', '_', ' ']);
    if rest.starts_with('(')
        && let Some(close) = rest.find(')')
    {
        rest = rest[close + 1..].trim_start();
    }
    match rest.chars().next() {
        None => Some(title(String::new(), None)),
        Some(c @ (':' | '-' | '\u{2013}' | '\u{2014}' | '|' | '.' | '=' | '?' | ',')) => {
            Some(title(rest[c.len_utf8()..].trim().to_owned(), Some(c)))
        }
        Some(_) if label.loose => {
            let next = rest
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            RUN_ON
                .contains(&next.as_str())
                .then(|| title(rest.trim().to_owned(), None))
        }
        Some(_) => None,
    }
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Titles of the fields a writer hangs under an item of the template
/// ("- Owner: Felipe Ibarra", "- When: today", "- Why: ..."): no field of
/// the response format, but who, when or why for the item above them.
const SUB_FIELDS: &[&str] = &[
    "owner", "owners", "owned by", "when", "by when", "who", "by whom", "by", "why", "note",
    "notes", "timing",
];

/// Whether `line` (markup stripped) is a sub-field of the item above it:
/// it opens with a `SUB_FIELDS` title and a colon ("Owner: Felipe
/// Ibarra with HR", "When: today"). Such a line belongs to the item
/// above, whoever it names, and a template label after it still opens its
/// own field (para-it13 B4).
pub fn sub_field(line: &str) -> bool {
    line.split_once(':').is_some_and(|(title, _)| {
        let title = title
            .trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '-' | '`'))
            .to_lowercase();
        SUB_FIELDS.contains(&title.as_str())
    })
}

/// An answer read as lines and labelled sections.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// Every line of the answer, markup stripped.
    pub lines: Vec<Line>,
    /// Each section with the index in `lines` of its title line.
    pub sections: Vec<(usize, Section)>,
}

impl Parsed {
    /// Every section with this key, in order: an answer may give a
    /// section twice, and a one-value field read from two copies is a
    /// hedge when they disagree, so graders read them all.
    ///
    /// Where some copy is titled as the response format titles the field,
    /// an item of a list titled in other words ("2. **Cost:** the others
    /// cost ..." in the reasoning beside "Budget:") is a step of the
    /// writer's working, not a second answer. A section of its own titled
    /// in other words ("Plan: P2, P4" beside "Interventions: P1, P3") is
    /// still a copy.
    pub fn copies<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a Section> + 'a {
        let of_key = move || {
            self.sections
                .iter()
                .map(|(_, s)| s)
                .filter(move |s| s.key == key)
        };
        let formal_given = of_key().any(|s| s.formal);
        self.sections
            .iter()
            .enumerate()
            .filter(move |(i, (_, s))| {
                s.key == key && !(formal_given && s.working_step()) && !self.sub_item(*i)
            })
            .map(|(_, (_, s))| s)
    }

    /// Whether section `i` is a bulleted line inside another field's
    /// section that names a field already given ("## Severity\n- Hours:
    /// 56 -> 2\n- Dimensions: 1 -> 1" after "## Burnout dimensions"): a
    /// step of that field's working, not the field given again.
    fn sub_item(&self, i: usize) -> bool {
        let Some((_, section)) = self.sections.get(i) else {
            return false;
        };
        // A bullet, or a row of a table ("| Dimensions present | 2 | 2 |"
        // in the severity's working).
        let listed = section
            .lines
            .first()
            .is_some_and(|l| l.listed || l.cells.is_some());
        let inside_another = i > 0 && self.sections[i - 1].1.key != section.key;
        let given_before = self.sections[..i].iter().any(|(_, s)| s.key == section.key);
        listed && inside_another && given_before
    }

    /// Every copy of this key's section: sections with this key that
    /// follow one another ("Red flag 1: ...", "Red flag 2: ...") are one
    /// copy, merged in order; another section between them starts a new
    /// copy. A list-valued field given twice with other values is read as
    /// its worst copy, so repeating or reordering sections never pays.
    /// Where a copy is titled as the response format titles the field
    /// ("Red flags:"), a list titled in other words ("Key concerns:",
    /// "Warning signs:") is the writer's overview, not the field given
    /// again (para-it15 B3): only the format's copies are read, so such an
    /// overview neither lowers nor raises the score; without a copy so
    /// titled, the other titles are the field.
    pub fn runs(&self, key: &'static str) -> Vec<Section> {
        let formal_given = self.sections.iter().any(|(_, s)| s.key == key && s.formal);
        let mut runs: Vec<Section> = Vec::new();
        let mut previous: Option<&str> = None;
        for (i, (_, section)) in self.sections.iter().enumerate() {
            let counted =
                section.key == key && (section.formal || !formal_given) && !self.sub_item(i);
            if counted {
                match runs.last_mut() {
                    Some(run) if previous == Some(key) => {
                        run.lines.extend(section.lines.iter().cloned());
                    }
                    _ => runs.push(Section {
                        key,
                        lines: section.lines.clone(),
                        formal: section.formal,
                    }),
                }
            }
            previous = Some(if counted { key } else { "" });
        }
        runs
    }

    /// Every section with this key, merged in order (a table may repeat a
    /// week's title on each of its rows, and a list given twice is one
    /// list: its items past the number asked for earn nothing).
    pub fn merged(&self, key: &'static str) -> Option<Section> {
        let lines: Vec<Line> = self.copies(key).flat_map(|s| s.lines.clone()).collect();
        self.copies(key).next().is_some().then_some(Section {
            key,
            lines,
            formal: true,
        })
    }
}

/// The keys of `labels` an answer titles at the start of some line (a
/// title, a table row's first cell) or after a sentence end: the fields
/// whose labels inside a sentence are that field's reasoning, not the
/// field given again.
fn keys_at_line_starts(answer: &str, labels: &[Label]) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for raw in answer.lines() {
        let trimmed = raw.trim();
        let starts: Vec<String> = match table::cells(trimmed) {
            Some(cells) => cells.first().map(|c| c.to_string()).into_iter().collect(),
            None => {
                let (plain, listed) = strip_markup(trimmed);
                let plain = labelled_question(plain, labels);
                let worded = (!listed)
                    .then(|| match_worded_title(&plain, labels))
                    .flatten();
                keys.extend(worded.map(|t| t.key));
                split_inline_labels(&plain, labels, &[], &[])
            }
        };
        keys.extend(
            starts
                .iter()
                .filter_map(|s| match_title(s, labels).map(|t| t.key)),
        );
    }
    keys
}

/// The fewest words before a label inside a sentence that make that
/// sentence: fewer are a title worded around the label ("Incident risk:",
/// "Budget and risk:").
const MID_SENTENCE_WORDS: usize = 3;

/// Whether `head`, the words of a line before a label of `key`, is a
/// short title naming another label ("Budget and", "Risk &"): the two
/// make one title of two fields ([`match_worded_title`]), not a field
/// opened inside a sentence.
fn titles_another(head: &str, key: &str, labels: &[Label]) -> bool {
    let words = title_words(head);
    words.len() < WORDED_TITLE_WORDS
        && labels.iter().filter(|l| l.key != key).any(|l| {
            l.names.iter().any(|name| {
                let name: Vec<&str> = name.split_whitespace().collect();
                words
                    .windows(name.len())
                    .any(|w| w.iter().zip(&name).all(|(a, b)| a == b))
            })
        })
}

/// Read `answer` into lines and the sections `labels` name.
pub fn parse(answer: &str, labels: &[Label]) -> Parsed {
    parse_headed(answer, labels, &[])
}

/// The one key of `headed` a table's header row names, as a column title
/// in any cell ("| Stressor | Current | Severity |", "| # | Stressors found
/// |"): a header naming the keys of several labels (a budget breakdown's
/// "| Intervention | Cost |" beside a severity) names none.
fn header_key(cells: &[String], labels: &[Label], headed: &[&str]) -> Option<&'static str> {
    let mut keys: Vec<&'static str> = cells
        .iter()
        .filter_map(|cell| {
            match_title(cell, labels)
                .filter(|t| t.rest.is_empty())
                .or_else(|| match_worded_title(cell, labels).filter(|t| t.rest.is_empty()))
                .map(|t| t.key)
        })
        .collect();
    crate::order::sort(&mut keys);
    keys.dedup();
    match keys.as_slice() {
        [key] if headed.contains(key) => Some(*key),
        _ => None,
    }
}

/// [`parse`], where a table whose header row names one of the `headed`
/// keys, and no other label, opens that key's section when the answer
/// titles it at no line start: a table is a section laid out by its columns, as
/// a labelled list is one laid out by its title (play-para-it18 B1).
/// Where the answer titles the field elsewhere, its table is what stands
/// under that title, so a table never adds a copy of a field given.
pub fn parse_headed(answer: &str, labels: &[Label], headed: &[&str]) -> Parsed {
    let titled: Vec<&'static str> = if headed.is_empty() || !answer.contains('|') {
        Vec::new()
    } else {
        keys_at_line_starts(answer, labels)
    };
    // Fields the answer titles nowhere at a line start, whose labels may
    // stand inside a sentence.
    let midline: Vec<&'static str> = if answer.contains(':') {
        let started = keys_at_line_starts(answer, labels);
        let mut keys: Vec<&'static str> = labels
            .iter()
            .map(|l| l.key)
            .filter(|k| !started.contains(k))
            .collect();
        keys.dedup();
        keys
    } else {
        Vec::new()
    };
    let mut parsed = Parsed::default();
    let mut current: Option<Section> = None;
    let mut current_at = 0;
    // The cells of the last table row read, and the title of the first
    // column of the table being read ("Week" over rows "| 1 | ...").
    let mut last_cells: Option<Vec<String>> = None;
    let mut first_column: Option<String> = None;
    // The keys of the sections read so far, the open one last.
    let mut opened: Vec<&'static str> = Vec::new();
    for raw in answer.lines() {
        // The row above a table's `|---|` line names its columns; it is
        // no content of the section it stands in ("| Red flag | Evidence |").
        if table::is_separator(raw) {
            first_column = last_cells
                .as_ref()
                .and_then(|cells| cells.first())
                .filter(|c| !c.is_empty())
                .cloned();
            if let Some(last) = current.as_mut().and_then(|s| s.lines.last_mut())
                && last.cells.is_some()
            {
                last.plain.clear();
            }
            let opens = last_cells
                .as_deref()
                .and_then(|cells| header_key(cells, labels, headed))
                .filter(|key| !titled.contains(key))
                .filter(|key| current.as_ref().is_none_or(|s| s.key != *key));
            if let Some(key) = opens {
                if let Some(done) = current.take() {
                    parsed.sections.push((current_at, done));
                }
                current_at = parsed.lines.len().saturating_sub(1);
                opened.retain(|k| *k != key);
                opened.push(key);
                current = Some(Section {
                    key,
                    // The header row holds no text after a title.
                    lines: vec![Line {
                        plain: String::new(),
                        cells: None,
                        listed: false,
                    }],
                    formal: true,
                });
            }
        }
        for line in read_line(raw, labels, &opened, &midline) {
            last_cells = line.cells.clone();
            if line.cells.is_none() {
                first_column = None;
            }
            let title = match &line.cells {
                Some(cells) => {
                    cells
                        .first()
                        .and_then(|c| {
                            // A row is titled by its first cell, or by that
                            // cell under its column's title ("Week" and "2"
                            // read as "Week 2").
                            match_title(c, labels).or_else(|| {
                                let column = first_column.as_ref()?;
                                match_title(&format!("{column} {c}"), labels)
                                    .filter(|t| t.rest.is_empty())
                            })
                        })
                        .map(|t| {
                            let mut content: Vec<String> = Vec::new();
                            if !t.rest.is_empty() {
                                content.push(t.rest);
                            }
                            content.extend(cells.iter().skip(1).cloned());
                            let plain = content.join(" | ");
                            (
                                t.key,
                                t.formal,
                                Line {
                                    plain,
                                    cells: Some(cells.clone()),
                                    listed: false,
                                },
                            )
                        })
                }
                None => match_title(&line.plain, labels)
                    .or_else(|| {
                        (!line.listed)
                            .then(|| match_worded_title(&line.plain, labels))
                            .flatten()
                    })
                    .map(|t| {
                        (
                            t.key,
                            t.formal,
                            Line {
                                plain: t.rest,
                                cells: None,
                                listed: line.listed,
                            },
                        )
                    }),
            };
            parsed.lines.push(line.clone());
            match title {
                Some((key, formal, first)) => {
                    if let Some(done) = current.take() {
                        parsed.sections.push((current_at, done));
                    }
                    current_at = parsed.lines.len() - 1;
                    opened.retain(|k| *k != key);
                    opened.push(key);
                    current = Some(Section {
                        key,
                        lines: vec![first],
                        formal,
                    });
                }
                None if line.cells.is_none() && !line.listed && is_aside_title(&line.plain) => {
                    if let Some(done) = current.take() {
                        parsed.sections.push((current_at, done));
                    }
                }
                None => {
                    if let Some(section) = current.as_mut() {
                        section.lines.push(line);
                    }
                }
            }
        }
    }
    if let Some(done) = current.take() {
        parsed.sections.push((current_at, done));
    }
    fold_sub_items(parsed)
}

/// `parsed` with each sub-item ([`Parsed::sub_item`]: a row or bullet
/// inside one field's section that names another field given before, as
/// "| Dimensions present | 2 | 2 |" in the severity's points table) put
/// back into the section it stands in, whole, with the lines after it: a
/// step of that section's working, so the rows under it ("| Total | High
/// | 6 |") are still that section's (para-it13 B2).
fn fold_sub_items(parsed: Parsed) -> Parsed {
    let subs: Vec<bool> = (0..parsed.sections.len())
        .map(|i| parsed.sub_item(i))
        .collect();
    if !subs.contains(&true) {
        return parsed;
    }
    let mut sections: Vec<(usize, Section)> = Vec::new();
    for ((at, section), sub) in parsed.sections.iter().cloned().zip(subs) {
        match sections.last_mut() {
            Some((_, before)) if sub => {
                let title = parsed.lines.get(at).cloned();
                before.lines.extend(title);
                before.lines.extend(section.lines.into_iter().skip(1));
            }
            _ => sections.push((at, section)),
        }
    }
    Parsed {
        lines: parsed.lines,
        sections,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_aside_between_commas_keeps_its_sentence_whole() {
        assert_eq!(split_keywords("long hours, no leave, sleep").len(), 3);
        assert_eq!(
            split_keywords("Production incidents, 6 last month, are moderate.").len(),
            1
        );
        assert_eq!(
            split_keywords("HR complaints, two this quarter, count as moderate").len(),
            1
        );
    }

    const LABELS: &[Label] = &[
        Label {
            key: "severity",
            names: &["severity", "severity level"],
            loose: true,
        },
        Label {
            key: "red_flags",
            names: &["red flags", "top 3 red flags"],
            loose: true,
        },
        Label {
            key: "escalation",
            names: &["hr escalation", "escalation"],
            loose: true,
        },
        Label {
            key: "risk",
            names: &["risk"],
            loose: false,
        },
        Label {
            key: "budget",
            names: &["budget", "total budget", "cost"],
            loose: true,
        },
    ];

    fn read(answer: &str, key: &'static str) -> Option<String> {
        parse(answer, LABELS).merged(key).map(|s| s.text())
    }

    #[test]
    fn a_label_with_its_colon_inside_a_sentence_opens_its_field() {
        // para-it14 C1: from the colon, as at a line start.
        let answer = "She is drained by noon, so the Severity: High on the rubric.";
        assert_eq!(
            read(answer, "severity").as_deref(),
            Some("High on the rubric.")
        );
        // Two inside sentences are two copies; a label word without its
        // colon stays prose; a field titled at a line start keeps its
        // labels inside sentences as that field's working.
        let twice = "I would put it at Severity: High, though one could argue Severity: Low.";
        assert_eq!(parse(twice, LABELS).copies("severity").count(), 2);
        assert_eq!(
            read("Overall the severity is high in my view.", "severity"),
            None
        );
        let titled = "Severity: High\nRisk: she said the severity: low once.";
        assert_eq!(read(titled, "severity").as_deref(), Some("High"));
    }

    #[test]
    fn titles_in_every_markup() {
        for answer in [
            "Severity: High",
            "## 2. Severity\nHigh",
            "**Severity:** High",
            "2) **Severity** - High",
            "> Severity — High",
            "| Severity | High |",
            "Severity level (one of four): High",
            "severity is High",
            "**2. Severity**\nHigh",
            "*Severity*: High",
        ] {
            let got = read(answer, "severity").unwrap_or_default();
            assert!(got.to_lowercase().contains("high"), "{answer:?} -> {got:?}");
        }
        assert_eq!(read("Risk assessment by HR", "risk"), None);
        assert_eq!(
            read("Risk: low turnout", "risk").as_deref(),
            Some("low turnout")
        );
        assert_eq!(read("Severely tired", "severity"), None);
        // A title worded around the label's name (para-it5).
        for (answer, key) in [
            ("**Red flags of this case:** exhaustion", "red_flags"),
            ("Severity assessed: exhaustion", "severity"),
            (
                "Main risk and mitigation
exhaustion",
                "risk",
            ),
            (
                "## Overall severity of the case
exhaustion",
                "severity",
            ),
        ] {
            let got = read(answer, key).unwrap_or_default();
            assert_eq!(got, "exhaustion", "{answer:?}");
        }
        for (answer, key) in [
            ("Budget and risk: exhaustion", "risk"),
            ("- Incident risk: exhaustion", "risk"),
            ("The risk is small.", "risk"),
            ("We talked it through, then the risk.", "risk"),
        ] {
            assert_eq!(read(answer, key), None, "{answer:?}");
        }
        // An aside's title ends the field above it (para-it5).
        for answer in [
            "Budget: $14,000
Rationale and caveats: over the $14,250 cap",
            "**Budget**
$14,000
**Rationale**
$11,500 and $10,000 were weighed",
            "Budget: $14,000

Notes:
- the cap is $14,250",
        ] {
            assert_eq!(
                read(answer, "budget").as_deref(),
                Some("$14,000"),
                "{answer:?}"
            );
        }
    }

    #[test]
    fn sections_run_to_the_next_title_and_split_inline() {
        let answer = "Intro text\nSeverity: High. HR escalation: No, not warranted.\n\
                      Red flags:\n- 62 hours a week\n- no leave for 11 months";
        let parsed = parse(answer, LABELS);
        assert_eq!(read(answer, "severity").as_deref(), Some("High."));
        assert_eq!(
            read(answer, "escalation").as_deref(),
            Some("No, not warranted.")
        );
        let flags = parsed
            .merged("red_flags")
            .map(|s| s.items())
            .unwrap_or_default();
        assert_eq!(flags, ["62 hours a week", "no leave for 11 months"]);
    }

    #[test]
    fn a_label_given_before_is_a_word_of_the_open_section_inside_a_line() {
        let answer = "Red flags: 62 hours a week.\n\
                      Severity: Low - 2 points. Hours: 45, so 0. Red flags: none beyond sleep. \
                      Total 2, Low.\nHR escalation: No.";
        let parsed = parse(answer, LABELS);
        assert_eq!(parsed.copies("red_flags").count(), 1);
        let severity = read(answer, "severity").unwrap_or_default();
        assert!(
            severity.ends_with("Red flags: none beyond sleep. Total 2, Low."),
            "{severity:?}"
        );
        // A section not given yet still opens inside a line, and the open
        // section's own label still starts a second copy (a hedge when the
        // values differ).
        let inline = "Severity: Low. Severity: High. HR escalation: No.";
        let parsed = parse(inline, LABELS);
        assert_eq!(parsed.copies("severity").count(), 2);
        assert_eq!(read(inline, "escalation").as_deref(), Some("No."));
    }

    #[test]
    fn beside_the_formats_title_a_title_in_other_words_is_working() {
        let answer = "Plan: P1, P2\nReasoning:\n2. **Cost:** the cheapest at $9,250 (the \
                      others cost $10,250)\n\n**Total budget:** $9,250 in total";
        let parsed = parse(answer, LABELS);
        let budgets: Vec<String> = parsed.copies("budget").map(Section::text).collect();
        assert_eq!(budgets, ["$9,250 in total"]);
        assert_eq!(parsed.runs("budget").len(), 1);
        // With no copy under the format's title, the other words are the
        // field's title; and a section of their own is a second copy.
        let parsed = parse("1. Cost: $9,250", LABELS);
        assert_eq!(parsed.copies("budget").count(), 1);
        let parsed = parse("Budget: $9,250\nCost: $10,250", LABELS);
        assert_eq!(parsed.copies("budget").count(), 2);
    }

    #[test]
    fn items_split_lists_but_not_facts() {
        let items = |t: &str| {
            Section {
                key: "x",
                lines: vec![Line {
                    plain: t.to_owned(),
                    cells: None,
                    listed: false,
                }],
                formal: true,
            }
            .items()
        };
        assert_eq!(items("long hours, no leave, sleep").len(), 3);
        assert_eq!(items("62 hours a week, including most weekends").len(), 1);
        assert_eq!(items("1) 62 hours 2) no leave 3) poor sleep").len(), 3);
        // The first number already stripped as the line's own marker.
        assert_eq!(items("62 hours 2) no leave 3) poor sleep").len(), 3);
        assert_eq!(items("62 hours 2. no leave").len(), 2);
        assert_eq!(items("62 hours; 11 months without leave").len(), 2);
        assert_eq!(
            items("working 62 hours a week, no leave for 11 months, and dozing off in meetings"),
            [
                "working 62 hours a week",
                "no leave for 11 months",
                "dozing off in meetings"
            ]
        );
        assert_eq!(
            items("62 hours a week, no leave for 11 months and poor sleep.").len(),
            3
        );
    }
}
