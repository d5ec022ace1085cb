//! Episodes of `productivity` played black-box by models (issue 21): over
//! HTTP (`productivity-p1`, `-p2`, `-p3`) and over MCP alone (`mcp-p2`),
//! never reading the source, each kept with the player's own verdict of
//! every point it lost (A: its own mistake, B: a grader defect, C: an
//! instruction with two readings). Every episode is replayed from its
//! actions on the scenario it was played on (same split and index, or
//! over MCP the same task, level and seed; `-p4` is the fourth play, levels
//! 1-5, with its report beside it; `-p5` the fifth, levels 1-5, over HTTP
//! and, for three episodes, MCP alone; `-p6` the sixth, levels 1-5 and
//! mostly 3-5, nine episodes over MCP alone). Each answer the player judged
//! right, and each one whose lost points were all the grader's (B or C),
//! must score full: a point lost there is a grader defect. An answer with
//! a point the player called its own mistake must score what it scored,
//! and one refused as malformed and left ungraded must be refused still.
//! A wrong answer the player found kept its points (X) is held to what it
//! scored while [`KNOWN_EXPLOITS`] lists it and must score below that
//! once closed; open grader work ([`KNOWN_OPEN`]) is held to its recorded
//! score until fixed.
//!
//! `productivity-p3` has no verdict field: its player (third play, levels
//! 3-5) judged every answer right except two probes of the other reading of
//! an instruction (a C each, which the instruction has settled since, see
//! the corpus README); those two must score what they scored.
//!
//! An episode whose scenario has changed since it was played (the expected
//! answer of the replay's final feedback is not the recorded one) is no
//! longer the one the player answered: it is counted and printed, never
//! passed. Corpus `-p1` was played (at 2eb5fba) before the final feedback
//! showed the expected answer: the generator changes since are listed in
//! [`REGENERATED`] instead, and its other episodes are held to full.
//!
//! Retired: the calendar's levels 4 and 5, rebuilt since every corpus was
//! played (first behind lookups, now several meetings booked together), are
//! [`RETIRED_SINCE_EVERY_CORPUS`]: their 148 episodes stay in the corpora as
//! the evidence of what was played, are counted and printed, and are never
//! replayed (their answers book one meeting; the scenarios book several).
//! The 4 rows of `productivity_tables/played.jsonl` on them moved to
//! `productivity_tables/retired-calendar-levels-4-5.jsonl` for the same
//! reason.
#![cfg(not(target_arch = "wasm32"))]

mod player_corpus_common;

use env_wasm::{AnyEnv, ResetDefaults, registry};
use player_corpus_common::{Verdict, exploit_shown, query, reset_options, verdict_of};
use serde_json::{Value, json};

const CORPORA: &[(&str, &str)] = &[
    (
        "productivity-p1",
        include_str!("player_corpus/2026-12-02/productivity-p1/episodes.jsonl"),
    ),
    (
        "productivity-p2",
        include_str!("player_corpus/2026-12-02/productivity-p2/episodes.jsonl"),
    ),
    (
        "productivity-p3",
        include_str!("player_corpus/2026-12-02/productivity-p3/episodes.jsonl"),
    ),
    (
        "productivity-p4",
        include_str!("player_corpus/2026-12-02/productivity-p4/episodes.jsonl"),
    ),
    (
        "mcp-p2",
        include_str!("player_corpus/2026-12-02/mcp-p2/episodes.jsonl"),
    ),
    (
        "productivity-p5",
        include_str!("player_corpus/2026-12-03/productivity-p5/episodes.jsonl"),
    ),
    (
        "productivity-p6",
        include_str!("player_corpus/2026-12-04/productivity-p6/episodes.jsonl"),
    ),
    (
        "productivity-p7",
        include_str!("player_corpus/2026-12-04/productivity-p7/episodes.jsonl"),
    ),
    (
        "productivity-p8",
        include_str!("player_corpus/2026-12-04/productivity-p8/episodes.jsonl"),
    ),
    // The fourth play of 4 December (play-pr9): levels 1-5, 28 over HTTP
    // and 6 over MCP, times and dates in many forms, and five one-phrase
    // replays. Its three C rows: a bare "half past two" (line 5), a
    // slashed day that can only be one date (line 27), and whether a
    // request to acknowledge raises an FYI's priority (line 34).
    (
        "productivity-p9",
        include_str!("player_corpus/2026-12-04/productivity-p9/episodes.jsonl"),
    ),
    // The fifth play of 4 December (play-pr10): levels 1-5, 21 over HTTP
    // and 4 over MCP, names, rooms, amounts and days as people write
    // them; no B or C. Line 22 is its own mistake (a day with no month),
    // replayed on 23.
    (
        "productivity-p10",
        include_str!("player_corpus/2026-12-04/productivity-p10/episodes.jsonl"),
    ),
    // The sixth play of 4 December (play-pr11): 42 first plays (29 at
    // level 5) and 6 replays, 39 over HTTP and 9 over MCP, times and dates
    // in many forms. Its one B: a time followed by the meeting's own zone
    // ("3:45pm CT", "15:45 CDT", "15:45 Central").
    (
        "productivity-p11",
        include_str!("player_corpus/2026-12-04/productivity-p11/episodes.jsonl"),
    ),
    // A play of the calendar alone at levels 3-5 with its lookups
    // (play-pr12cal): 20 episodes (13 at level 5, 3 of them with no valid
    // booking; 5 over MCP), all 1.00, and 8 replays; lines 26 and 27 are
    // deliberate mistakes the grader marked down.
    (
        "productivity-p12",
        include_str!("player_corpus/2026-12-04/productivity-p12/episodes.jsonl"),
    ),
    // The eighth play of 4 December (play-pr13): 20 first plays (email at
    // levels 3-5, cleaning at 4-5, the calendar at 5 with lookups; 7 over
    // MCP) and 4 replays, all 1.00.
    (
        "productivity-p13",
        include_str!("player_corpus/2026-12-04/productivity-p13/episodes.jsonl"),
    ),
    // The ninth play of 4 December (play-pr14): 16 first plays (email at
    // 4-5, cleaning at 3 and 5, the calendar at 4-5 with lookups; 5 over
    // MCP) and 4 replays, all 1.00.
    (
        "productivity-p14",
        include_str!("player_corpus/2026-12-04/productivity-p14/episodes.jsonl"),
    ),
    // Level 5 played without running code for the answer (play-pr15: every
    // conversion, overlap, join and sum by hand, as a model in `deskbench
    // inference` would): 17 first plays and 1 replay, all 1.00.
    (
        "productivity-p15",
        include_str!("player_corpus/2026-12-04/productivity-p15/episodes.jsonl"),
    ),
    // The twelfth play of 4 December (play-pr16), over MCP alone: 16 first
    // plays (9 at level 5, a calendar with no valid booking among them) and
    // 2 replays, all 1.00.
    (
        "productivity-p16",
        include_str!("player_corpus/2026-12-04/productivity-p16/episodes.jsonl"),
    ),
    // The fifteenth play of 4 December (play-pr17), levels 4 and 5 without
    // running code for the answer: 14 first plays (a calendar with no valid
    // booking among them; 2 over MCP) and 1 replay, all 1.00.
    (
        "productivity-p17",
        include_str!("player_corpus/2026-12-04/productivity-p17/episodes.jsonl"),
    ),
    // The play of 5 December (play-h22-pr, on 79cbaef), levels 3 to 5
    // without running code for the answer, the calendar's levels 4 and 5
    // booking several meetings together: 27 first plays, all 1.00.
    (
        "productivity-p18",
        include_str!("player_corpus/2026-12-05/productivity-p18/episodes.jsonl"),
    ),
    // The first paraphrase stress of productivity (play-para-pr1, on
    // 42cc0fa's reader before its commit): six cases at levels 4-5, each
    // played once and with 6 other wordings, four more level-5 cases and 22
    // one-change confirmations (68 rows; every first play 1.00). Its B rows:
    // a needs_reply aside that denies a reply in its own words (53, 54, 58,
    // 60), `no_slot` as the word with a reason (63, 64), a booking's times
    // as ISO local datetimes on its day (35, 36), and a list written as a
    // markdown list inside one string (42, 44).
    (
        "productivity-p19",
        include_str!("player_corpus/2026-12-05/productivity-p19/episodes.jsonl"),
    ),
    // The second paraphrase stress of productivity (play-para-pr2, on
    // 2dd3bd1): six cases at levels 4-5, each played once and with 6 other
    // wordings, four more level-5 cases and 26 one-change confirmations (72
    // rows; every first play 1.00). Its B rows: a meeting id with a dash and
    // its title, or after a label ("meeting: M1", "day: ..."), "total = ...",
    // a four-figure time with its unit ("1600h"), lists as JSON objects, a
    // space as thousands separator.
    (
        "productivity-p20",
        include_str!("player_corpus/2026-12-05/productivity-p20/episodes.jsonl"),
    ),
    // The third paraphrase stress of productivity (play-para-pr3, on
    // 6aa9d75): six cases at levels 4-5, each played once and with 6 other
    // wordings, four more level-5 cases and 19 probes (65 rows; every first
    // play 1.00). Its B rows: quoted or backticked list items, items
    // parted by " / ", "Tues"/"Weds", the field's name or "count:" before
    // a value or a list, "10034.23 in total".
    (
        "productivity-p21",
        include_str!("player_corpus/2026-12-05/productivity-p21/episodes.jsonl"),
    ),
    // The fourth paraphrase stress of productivity (play-para-pr4, on
    // 3c8ec7c): six cases at levels 3-5, each played once and with 6 other
    // wordings, four more level-5 cases and 18 probes (64 rows; every first
    // play 1.00). Its B rows: the field's name and an arrow before the
    // value ("start -> 09:45", "duplicate_ids -> h483, ..."), a list
    // written as a markdown table inside a string, "$6,924.81 in US
    // dollars", a total in words.
    (
        "productivity-p22",
        include_str!("player_corpus/2026-12-05/productivity-p22/episodes.jsonl"),
    ),
    // The fifth paraphrase stress of productivity (play-para-pr5, on
    // 4403acd): six cases at levels 4-5, each played once and with 6 other
    // wordings, four more level-5 cases and 14 probes (60 rows; every first
    // play 1.00). Its B rows: emphasis or code marks around the meeting id
    // or a list item ("**M1**", "`M1`", "*Omar*", "**e753**"), "14:30 hrs",
    // "plus" before the last item, "11287.88 exactly"; its C row
    // "precisely $11,287.88". Lines 38 and 42, whose A was invalid emails
    // written as mailboxes, are full since those are read
    // ([`SETTLED_BY_READING`]).
    (
        "productivity-p23",
        include_str!("player_corpus/2026-12-05/productivity-p23/episodes.jsonl"),
    ),
    // The sixth paraphrase stress of productivity (play-para-pr6, on
    // a1d0b40): six cases at levels 3-5, each played once and with 6 other
    // wordings, four more level-5 cases and 21 probes (67 rows; every first
    // play 1.00). Its B rows: a meeting id with its title after a space
    // ("M2 Budget sync"), "10-Aug-2026" and ordinal-word days, ISO
    // datetimes in start/end, "+", "|" and "→" between items, "1)" list
    // markers, a bracketed list in one string, "12440.00$", "N/A" in a
    // no_slot entry; its C row: emails in angle brackets.
    (
        "productivity-p24",
        include_str!("player_corpus/2026-12-05/productivity-p24/episodes.jsonl"),
    ),
    // The seventh paraphrase stress of productivity (play-para-pr7, on
    // 0ecc26c): six cases at levels 3-5, each played once and with 6 other
    // wordings, four more level-5 cases and 13 probes (72 rows; every first
    // play 1.00). Its B rows: meeting ids written "#M2", quoted inside the
    // string or as ["M1"]; " · " and "/" between items; "#" before
    // cleaning ids; no_slot "Y"; an array of one comma-joined string of
    // emails; a total "= 8,432.36". Its C rows: keys in another case or
    // with spaces ("Needs reply", "Meeting"), " · " before a comment; the
    // ambiguous numeric days and the decimal comma stay refused
    // ([`DECIDED_REFUSED`]).
    (
        "productivity-p25",
        include_str!("player_corpus/2026-12-05/productivity-p25/episodes.jsonl"),
    ),
    // The eighth paraphrase stress of productivity (play-para-pr8, on
    // d1dbb35): six cases at levels 4-5, each played once and with 6 other
    // wordings, four more level-5 cases and 12 probes (58 rows; every first
    // play 1.00). Its B rows: needs_reply "No (it would otherwise need one
    // ...)" read as a second value, and a clock in digits with a part of the
    // day ("10:30 in the morning") read as no time.
    (
        "productivity-p26",
        include_str!("player_corpus/2026-12-05/productivity-p26/episodes.jsonl"),
    ),
    // The ninth paraphrase stress of productivity (play-para-pr9, on
    // 1f7f3c6): six cases at levels 4-5, each played once and with 6 other
    // wordings, five more level-5 cases and 23 probes (70 rows; every first
    // play 1.00). Its B rows: a one-value array with an empty element
    // (["finance", ""]), a time followed by the same instant for someone
    // else ("10:00 (08:00 for Freya)"), a count followed by a labelled
    // breakdown ("11 (removed: 22)"); its C rows: invalid emails as
    // mailboxes ("Sam Fischer <sam.fischer@kestrelmedia>", read), a
    // European total (refused, [`DECIDED_REFUSED`]). Its A rows 3 and 6
    // wrapped the text answer in {"answer": ...}, read since as the tool
    // call takes it ([`SETTLED_BY_READING`], [`OWN_LOSS_NOW`]).
    (
        "productivity-p27",
        include_str!("player_corpus/2026-12-05/productivity-p27/episodes.jsonl"),
    ),
    // The eleventh paraphrase stress of productivity (play-para-pr11, on
    // 874b080): six cases at levels 4-5, each played once and with 6 other
    // wordings (42 rows, every one 1.00, no B, C or A). Six replays depart
    // from the schema's types (participants as one string, valid_rows
    // "ten" or "10 rows", a total in words) and are read all the same.
    (
        "productivity-p28",
        include_str!("player_corpus/2026-12-05/productivity-p28/episodes.jsonl"),
    ),
    // The twelfth paraphrase stress of productivity (play-para-pr12, on
    // de529a9): six cases at levels 4-5, each played once and with 6-7
    // other wordings, and 10 one-phrase probes (53 rows; first plays all
    // 1.00). Its one B (lines 21, 23, 24, 32, 52): a calendar time after
    // a word naming its edge ("from 10:00", "at 11:15", "until 17:45").
    (
        "productivity-p29",
        include_str!("player_corpus/2026-12-05/productivity-p29/episodes.jsonl"),
    ),
    // The thirteenth paraphrase stress of productivity (play-para-pr13, on
    // 1d9ea28): six cases at levels 4-5, each played once and with 6 other
    // wordings, two more calendar cases at level 4 and 15 one-phrase probes
    // (61 rows; first plays all 1.00). Its B (lines 25, 30, 31, 34, 57, 58,
    // 61): noon written with the clock it names ("twelve noon", "twelve
    // midday", "12 midday", "12:00 midday") read as no time. Its C (55): a
    // dotted day ("01.06.2026") refused as ambiguous, read day first since
    // (the lead's decision). Its A (53): a slashed day that reads two ways
    // ("01/06/2026"), still refused.
    (
        "productivity-p30",
        include_str!("player_corpus/2026-12-05/productivity-p30/episodes.jsonl"),
    ),
    // The fourteenth paraphrase stress of productivity (play-para-pr14, on
    // e08ab89): six cases at levels 4-5, each played once and with 6 other
    // wordings, and 4 probes (46 rows; every graded answer 1.00). Its A
    // (lines 10, 41, 43): prose before the JSON object of `final:`
    // ("Answer: {...}", a sentence, a bold summary line and a code fence),
    // refused as malformed and left ungraded; read since as the one object
    // ([`SETTLED_BY_READING`]).
    (
        "productivity-p31",
        include_str!("player_corpus/2026-12-05/productivity-p31/episodes.jsonl"),
    ),
    // The fifteenth paraphrase stress of productivity (play-para-pr15, on
    // 9eb4ae1): six cases at levels 3 and 5, each played once and with 7
    // other wordings (48 rows; every graded answer 1.00, no B or C). Its
    // one A (line 12): a Python-style single-quoted dict after `final:`,
    // no JSON object, refused as malformed and left ungraded; it must stay
    // refused ([`Replayed::score`] `None`).
    (
        "productivity-p32",
        include_str!("player_corpus/2026-12-06/productivity-p32/episodes.jsonl"),
    ),
    // The sixteenth paraphrase stress of productivity (play-pr16, on
    // ef452a3): six cases at levels 3 and 5, each played once and with 6
    // other wordings, and probes (50 rows; every graded answer 1.00, no B).
    // Its C (lines 7, 11, 17, 48, 50): a lead-in line before the command
    // ("Here is my classification:", "**Triage**", "Answer:", a code
    // fence's opening line) refused as malformed and left ungraded; read
    // since as a comment before the command line ([`SETTLED_BY_READING`]).
    (
        "productivity-p33",
        include_str!("player_corpus/2026-12-06/productivity-p33/episodes.jsonl"),
    ),
    // The seventeenth paraphrase stress of productivity (play-pr17, on
    // 7b48eb7): six cases at levels 4 and 5 (an email, a calendar of
    // several meetings and a cleaning table at each level), each played
    // once and with 6 other wordings, and 9 freer wordings (51 rows; every
    // graded answer 1.00, no B or C). Its one A (line 50): a fenced JSON
    // block with no `final:` at all, refused as malformed and left
    // ungraded; it must stay refused.
    (
        "productivity-p34",
        include_str!("player_corpus/2026-12-06/productivity-p34/episodes.jsonl"),
    ),
    // The eighteenth paraphrase stress of productivity (play-pr18, on
    // f7e21b3): each task at levels 3 and 5, each played once and with 6
    // other wordings, and 11 one-phrase probes (53 rows; every graded
    // answer 1.00, no B). Its C (lines 12, 45-47): a sentence before
    // `final:` on the same line ("Categorised as work. final: {...}")
    // refused as malformed; read since as a lead-in, as a line before the
    // command is.
    (
        "productivity-p35",
        include_str!("player_corpus/2026-12-06/productivity-p35/episodes.jsonl"),
    ),
    // The nineteenth play-test of productivity (play-pr19, on 7a6d970):
    // each task at levels 4 and 5, each played once and with 6 other
    // wordings, and 6 extra replays in natural forms (48 rows; every answer
    // 1.00, no A, B or C).
    (
        "productivity-p36",
        include_str!("player_corpus/2026-12-06/productivity-p36/episodes.jsonl"),
    ),
    // The twentieth play-test of productivity (play-pr20, on 7a6d970), over
    // MCP alone: each task at levels 1 and 3, each played once and with 6
    // other argument forms (43 rows; every answer 1.00, no A, B or C). The
    // typed tools refused the looser forms the instruction reads in the
    // text command (asides, "4:30 PM", dotted dates): those refused calls
    // counted no step and are left out; the tool's description says so
    // since.
    (
        "productivity-p37",
        include_str!("player_corpus/2026-12-06/productivity-p37/episodes.jsonl"),
    ),
    // The twenty-first play-test of productivity (play-pr21, on 0b43a14):
    // each task at levels 2 and 5, each played once and with 6 other
    // wordings, 11 answers wrong on purpose and 40 one-field probes (93
    // rows; first plays all 1.00). Its B (lines 61, 65, 74, 76, 78, 82-86,
    // 88, 92): a comment after the right value that rejects other values
    // read as a second value offered, so a hedge: two values joined by
    // "or" under one rejection ("high (normal or low would be wrong)",
    // "low or normal would understate it", a label, a room, a count) and
    // a rejection before a verb giving the value ("it would be a mistake
    // to call it normal", "finance (it would be wrong to call it spam)").
    // Its A rows (28, 30, 43-53) score what they scored: "high, otherwise
    // normal" still a hedge, the JSON before `final` still refused.
    (
        "productivity-p38",
        include_str!("player_corpus/2026-12-06/productivity-p38/episodes.jsonl"),
    ),
    // The twenty-second play-test of productivity (play-pr22, on 7ec7716),
    // over MCP alone: each task at two levels (email 2 and 4, calendar 2
    // and 4, cleaning 3 and 5), each played once, 58 correct replays and
    // probes in other argument forms, and 40 answers wrong on purpose
    // (104 rows; every correct answer 1.00, no B, C or X). Its A rows are
    // the wrong answers: each lost the fields it got wrong and kept the
    // rest.
    (
        "productivity-p39",
        include_str!("player_corpus/2026-12-07/productivity-p39/episodes.jsonl"),
    ),
    // The twenty-third play-test of productivity (play-pr23, on abf1783),
    // over HTTP: each task at levels 4 and 5, each played once and with 6
    // designated replays, and wording probes, contrasts and wrong answers
    // (190 rows; first plays and replays all 1.00). Its B rows (B1 a slash
    // gloss, B2 "No action needed"), X1 rows (a second value after the
    // value under a condition) and X2 rows (a comment that contradicts the
    // value: "low - though the VIP rule makes it high", "no, but
    // acknowledge receipt", "low, unless the VIP rule applies") score as
    // judged.
    (
        "productivity-p40",
        include_str!("player_corpus/2026-12-07/productivity-p40/episodes.jsonl"),
    ),
    // The twenty-fourth (play-pr24, over MCP alone, on 7676935): email,
    // calendar and cleaning at levels 5 and 4, each played once and with 6
    // or more replays, probes and wrong answers (102 rows; first plays and
    // replays all 1.00, line 3 a harness accident the player classed A).
    // No B row; its C row (24) is settled by the instruction; its X rows
    // are the F1 of a padded set (`PADDED_SET_F1`) and pr23-X2 again (99,
    // "Lantern (though Granite would be the right room)"), which scores as
    // judged.
    (
        "productivity-p41",
        include_str!("player_corpus/2026-12-07/productivity-p41/episodes.jsonl"),
    ),
    // The twenty-fifth (play-pr25, over HTTP, on 9011433): email at levels 5
    // and 3, calendar at 5, 4 and 3, cleaning at 5, each played once and
    // with 8 or more replays, probes and wrong answers (155 rows; first
    // plays 1.00, replays 0.94). Its B and C rows (a lead-in before a
    // list's first item or a room) and two of its X rows (prose after the
    // JSON that revises a field, a booking of a meeting that does not
    // exist) score as judged, and so do its X1 rows (a self-correction
    // after a value reads as the corrected value; an argument, conclusion,
    // preference or obligation for another value is a hedge), a list item's
    // aside that retracts it among them ("y310 (should actually be dropped)"
    // in retained_ids: a correction that removes an item takes it off a
    // list of what the answer keeps, and agrees with a list of what it
    // takes out, as duplicate_ids).
    (
        "productivity-p42",
        include_str!("player_corpus/2026-12-07/productivity-p42/episodes.jsonl"),
    ),
    // Over MCP alone (play-pr26): email at levels 3 and 5, calendar at 2 and
    // 5, cleaning at 3 and 4, each answered once and in six other forms,
    // probes and wrong answers (87 rows; first plays and replays 1.00).
    // X1: a self-correction to a wrong value in a typed string field; B1:
    // an aside after a comma inside one list item.
    (
        "productivity-p43",
        include_str!("player_corpus/2026-12-07/productivity-p43/episodes.jsonl"),
    ),
    // Over HTTP (play-pr27): email at levels 2 and 4, calendar at 3 and 4,
    // cleaning at 2 and 5, each played once and with six replays, 14 more
    // correct probes, 8 extra-seed emails and 78 wrong answers or flip
    // probes (142 rows; first plays and replays 1.00). X1: a
    // self-correction with "actually" after the new value; X2: "but Y for
    // Z" giving the other value as right; X3: "Y also works" offering a
    // second value.
    (
        "productivity-p44",
        include_str!("player_corpus/2026-12-07/productivity-p44/episodes.jsonl"),
    ),
    // Over HTTP (play-pr31): email at levels 3 and 5, calendar at 2 and 5,
    // cleaning at 3 and 4, each played once and with six replays, 23
    // probes, 22 wrong answers and three first plays on another seed (90
    // rows; first plays 1.00). B1 (16, 19, 21-23, 28, 37, 48, 52, 79, 82): a
    // self-correction with "sorry", "no wait" or "oops" ("yes, sorry, no",
    // "Willow, sorry, Harbor") read as two values; the corrected value
    // since (fix-pr31: apologies and interjections that retract are
    // correction markers).
    (
        "productivity-p45",
        include_str!("player_corpus/2026-12-07/productivity-p45/episodes.jsonl"),
    ),
];

/// Episodes judged right (or lost only to the grader) that still lose
/// points, as (corpus, line, class): open grader work, held to their
/// recorded score so that every other episode is held to full and a fixed
/// one is noticed.
const KNOWN_OPEN: &[(&str, usize, &str)] = &[("productivity-p44", 138, PR27_C1_CONDITION)];

// The open classes of play-pr27.
const PR27_C1_CONDITION: &str = "C pr27-C1: \"4655.75, but 5930.46 if l488 is kept\" is read as a \
                                 second amount under a condition left open (DESIGN 3.4), as the \
                                 email instruction says of its fields; the cleaning and calendar \
                                 instructions do not state that grammar yet (a change of their \
                                 text, and of the determinism digest, settles it)";
/// Wrong answers that kept points they should have lost (the player's
/// class X), as (corpus, line, class): open exploits, held to their
/// recorded score so that closing one is noticed; every other X row must
/// score below it. (play-pr25's list item retracted by its aside, p42
/// line 130, and play-pr26's self-corrections inside a list item and after
/// "in fact", p43 lines 64, 69, 71 and 74, lose their points since: one
/// reader of corrections for every field, a list item's removal read by
/// what the list is; so do play-pr27's corrections with the marker behind
/// the new value, "spam, personal actually", "yes \u{2014} well, no
/// actually", "5, 6 actually", p44 lines 108, 120, 121, 127, 135, 136 and
/// 142.)
const KNOWN_EXPLOITS: &[(&str, usize, &str)] = &[];

/// Rows the player classed X that keep what set scoring gives by design,
/// as (corpus, line, why): a set padded with every id keeps the F1 of that
/// one field (recall 1, precision the share of right ids), about 0.05 of
/// the score; held to it.
const PADDED_SET_F1: &[(&str, usize, &str)] = &[
    (
        "productivity-p41",
        65,
        "duplicate_ids padded with every id of the table keeps its F1 (DESIGN 3.3: set answers \
         are scored by F1), 0.05 of the score; padding every set drops to 0.43",
    ),
    (
        "productivity-p41",
        77,
        "duplicate_ids padded with every id of the table keeps its F1 (DESIGN 3.3: set answers \
         are scored by F1), 0.05 of the score; padding every set drops to 0.45",
    ),
];

/// Rows classed B or C that keep a loss by the lead's decision (issue 21
/// C), as (corpus, line, the score they keep, the decision): a reading
/// two ways is refused, and the feedback says why.
const DECIDED_REFUSED: &[(&str, usize, f64, &str)] = &[
    (
        "productivity-p25",
        11,
        0.3583,
        "'Thu 09/07' is 9 July or 7 September: refused (the '#M2' ids, ' · ' lists and times \
         read)",
    ),
    (
        "productivity-p25",
        13,
        0.3583,
        "'Thu 09/07' is 9 July or 7 September: refused (the ' · ' lists and times read)",
    ),
    (
        "productivity-p25",
        18,
        0.6042,
        "'Thu 09/07' is 9 July or 7 September: refused, the feedback says so",
    ),
    (
        "productivity-p25",
        19,
        0.6042,
        "'09/07/2026' is 9 July or 7 September: refused, the feedback says so",
    ),
    (
        "productivity-p25",
        50,
        0.8,
        "a decimal comma ('8.432,36 USD') is refused: '1,234' would be misread",
    ),
    (
        "productivity-p27",
        23,
        0.8,
        "a decimal comma ('15.182,56') is refused: the schema asks for '561.40' (the trailing \
         empty elements and valid_rows '11' read)",
    ),
];

/// Rows the player classed as its own mistake (A) whose loss a reading
/// rule added since lifts in part, as (corpus, line, the score they keep,
/// the rule): the rest of the loss stays the player's.
const OWN_LOSS_NOW: &[(&str, usize, f64, &str)] = &[(
    "productivity-p27",
    3,
    0.8,
    "a text answer whose only key is `answer` is the object it holds (the tool call's shape); \
     priority 'hi' stays the player's own mistake",
)];

/// Rows the player judged right whose aside a hedge rule added since reads
/// as a second value offered, as (corpus, line, the score they keep, the
/// rule): they keep the loss.
const NOW_A_HEDGE: &[(&str, usize, f64, &str)] = &[(
    "productivity-p42",
    98,
    0.6167,
    "another room called acceptable too ('Cedar: Harbor would do too') offers it, a hedge \
     like 'Cedar (or Harbor)' (play-pr27 X3, fix-pr29)",
)];

/// Rows whose lost points mix the player's own mistake (A) with the
/// grader's (B, C) that a reading rule added since reads, as (corpus, line,
/// the rule): they score full less their A points. (p23's line 38 was
/// one until an invalid email written as a mailbox, its A, was read too:
/// it is in [`SETTLED_BY_READING`] now.)
const OWN_LOSS_ONLY: &[(&str, usize, &str)] = &[];

/// Full less the points the player classed as its own mistake (A).
fn own_loss_only(row: &Value) -> f64 {
    let own: f64 = row["verdict"]["lost_points"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| {
            p["class"]
                .as_str()
                .is_some_and(|c| c.trim_start().starts_with('A'))
        })
        .filter_map(|p| p["points"].as_f64())
        .sum();
    1.0 - own
}

/// Scenarios of a corpus whose feedback showed no expected answer that the
/// generator has changed since they were played, as (corpus, task, levels,
/// the change): reported, never replayed against the player's verdict.
const REGENERATED: &[(&str, &str, std::ops::RangeInclusive<u64>, &str)] = &[
    (
        "productivity-p1",
        "easy",
        1..=5,
        "email gold balanced at every level (3d8c3f1, 1180d63)",
    ),
    (
        "productivity-p1",
        "hard",
        4..=5,
        "cleaning levels 4-5 rebuilt as a join to customers (4a74455)",
    ),
    (
        "productivity-p1",
        "medium",
        4..=5,
        "calendar levels 4-5 rebuilt: calendars and rooms behind lookups, other clocks, \
         level 5's scenarios without a valid booking (issue 22)",
    ),
];

/// Retired: scenarios the generator has changed since every corpus here
/// was played, as (task, levels, the change). What the player saw is gone
/// (issue 22: the calendar's levels 4 and 5 book several meetings together
/// now), so they are counted and printed, never replayed against the
/// verdict; the rows stay in the corpora as evidence.
const RETIRED_SINCE_EVERY_CORPUS: &[(&str, std::ops::RangeInclusive<u64>, &str)] = &[(
    "medium",
    4..=5,
    "retired: calendar levels 4-5 rebuilt as several meetings booked together (shared people \
     and rooms, an order, video links, 15-minute gaps, a meeting no booking can place; issue 22)",
)];

/// The episodes of every corpus that [`RETIRED_SINCE_EVERY_CORPUS`] retires.
const RETIRED_EPISODES: usize = 148;

/// Corpora played on the calendar's levels 4 and 5 as they are now
/// (several meetings booked together): nothing of theirs is retired.
const PLAYED_ON_JOINT_CALENDARS: &[&str] = &[
    "productivity-p18",
    "productivity-p19",
    "productivity-p20",
    "productivity-p21",
    "productivity-p22",
    "productivity-p23",
    "productivity-p24",
    "productivity-p25",
    "productivity-p26",
    "productivity-p27",
    "productivity-p28",
    "productivity-p29",
    "productivity-p30",
    "productivity-p31",
    "productivity-p32",
    "productivity-p33",
    "productivity-p34",
    "productivity-p35",
    "productivity-p36",
    "productivity-p38",
    "productivity-p39",
    "productivity-p40",
    "productivity-p41",
    "productivity-p42",
    "productivity-p43",
    "productivity-p44",
    "productivity-p45",
];

/// The retirement of a task and level of `corpus`, if it was played
/// before the change.
fn retired_in(corpus: &str, task: &str, level: u64) -> Option<&'static str> {
    if PLAYED_ON_JOINT_CALENDARS.contains(&corpus) {
        return None;
    }
    RETIRED_SINCE_EVERY_CORPUS
        .iter()
        .find(|(t, levels, _)| *t == task && levels.contains(&level))
        .map(|(_, _, why)| *why)
}

/// Answers the player classed C (an instruction with two readings) whose
/// rule the instruction states since (corpus, line, the rule): they score
/// what they scored.
const SETTLED_BY_INSTRUCTION: &[(&str, usize, &str)] = &[
    (
        "productivity-p8",
        10,
        "a forecast shared for the record is low: 'about money' means money the reader owes, pays \
         or is paid",
    ),
    (
        "productivity-p9",
        34,
        "a request to acknowledge leaves the priority as the rules set it: an FYI stays low",
    ),
    (
        "productivity-p41",
        24,
        "a request to acknowledge changes no priority: the VIP exception before it still makes \
         the mail high (the instruction says so since)",
    ),
];

/// Answers the player classed as its own mistake that a reading rule
/// added since makes right, as (corpus, line, the rule): held to full.
const SETTLED_BY_READING: &[(&str, usize, &str)] = &[
    (
        "productivity-p43",
        60,
        "a self-correction after a value is the corrected value ('Granite, actually Atrium' books \
         Atrium)",
    ),
    (
        "productivity-p42",
        21,
        "an apology or interjection that retracts is a self-correction ('finance - no wait, \
         spam' is spam; play-pr31 B1)",
    ),
    (
        "productivity-p44",
        64,
        "an apology or interjection that retracts is a self-correction ('normal, no wait, low' \
         is low; play-pr31 B1)",
    ),
    (
        "productivity-p43",
        73,
        "a self-correction after a value is the corrected value ('Granite, I mean Atrium' books \
         Atrium)",
    ),
    (
        "productivity-p1",
        16,
        "a slashed day that can only be one date ('24/04/2026') is that date",
    ),
    (
        "productivity-p7",
        2,
        "a time naming no half of the day ('half past two') is read in working hours' half",
    ),
    (
        "productivity-p8",
        21,
        "a slashed day that can only be one date ('21/07/2026') is that date",
    ),
    (
        "productivity-p10",
        22,
        "a day with no month ('Tuesday the 6th') is the one offered day it fits",
    ),
    (
        "productivity-p23",
        38,
        "'plus' before the last id (B4) and 'precisely $X' (C1) are read, and an invalid email \
         written as a mailbox ('Tara Tanaka <@riverstone.example>') is its address \
         (play-para-pr9 C2)",
    ),
    (
        "productivity-p23",
        42,
        "an invalid email written as a mailbox ('Tara Tanaka <@riverstone.example>') is its \
         address (play-para-pr9 C2)",
    ),
    (
        "productivity-p27",
        6,
        "a text answer whose only key is `answer` is the object it holds, as the tool call's \
         `final` takes it",
    ),
    (
        "productivity-p31",
        10,
        "text before the one JSON object of `final:` (a label, a sentence, a bold summary line \
         and a code fence) is read as the object, as text after it is (play-para-pr14 A)",
    ),
    (
        "productivity-p31",
        41,
        "text before the one JSON object of `final:` (a label, a sentence, a bold summary line \
         and a code fence) is read as the object, as text after it is (play-para-pr14 A)",
    ),
    (
        "productivity-p31",
        43,
        "text before the one JSON object of `final:` (a label, a sentence, a bold summary line \
         and a code fence) is read as the object, as text after it is (play-para-pr14 A)",
    ),
    (
        "productivity-p33",
        7,
        "a lead-in line before the command line ('Here is my classification:', a heading, a code fence) is a comment",
    ),
    (
        "productivity-p33",
        11,
        "a lead-in line before the command line ('Here is my classification:', a heading, a code fence) is a comment",
    ),
    (
        "productivity-p33",
        17,
        "a lead-in line before the command line ('Here is my classification:', a heading, a code fence) is a comment",
    ),
    (
        "productivity-p33",
        48,
        "a lead-in line before the command line ('Here is my classification:', a heading, a code fence) is a comment",
    ),
    (
        "productivity-p33",
        50,
        "a lead-in line before the command line ('Here is my classification:', a heading, a code fence) is a comment",
    ),
];

fn verdict(row: &Value) -> Verdict {
    // p4 keeps its lost points as a `verdicts` list.
    let judged = row
        .get("verdict")
        .cloned()
        .or_else(|| row.get("verdicts").map(|v| json!({ "lost_points": v })));
    let Some(judged) = judged else {
        // Corpus p3 keeps no verdict: its answers scoring below full are
        // the player's probes of the other reading (see the module doc).
        return match row["score"].as_f64() {
            Some(score) if score < 1.0 => Verdict::OwnMistake,
            _ => Verdict::Right,
        };
    };
    verdict_of(judged["lost_points"].as_array().map_or(&[], Vec::as_slice))
}

/// The expected answer a final feedback states (the JSON after `Expected
/// answer...: `), as text: an MCP excerpt may cut it short.
fn expected_answer(feedback: &str) -> Option<&str> {
    let at = feedback.find("Expected answer")?;
    let rest = &feedback[at..];
    let open = rest
        .find("): {")
        .map(|i| i + 3)
        .or_else(|| rest.find(": {").map(|i| i + 2))?;
    let json = &rest[open..];
    // The object ends at the first `}.` that closes it; a cut excerpt has
    // none and is compared as a prefix.
    let mut depth = 0i32;
    for (i, c) in json.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&json[..=i]);
                }
            }
            _ => {}
        }
    }
    Some(json)
}

/// A replayed episode: its terminal score and final feedback, and what it
/// took to play it.
struct Replayed {
    /// `None` when the episode is still open: its answer refused as
    /// malformed, as a row recorded with no score was when played.
    score: Option<f64>,
    feedback: String,
    /// Answers the episode sent (drafts and the final one).
    answers: usize,
    task: String,
    level: u64,
}

/// The task of a row, as the registry names it (`easy`, `medium`, `hard`;
/// the players also wrote the aliases).
fn canonical_task(name: &str) -> &str {
    match name {
        "email" => "easy",
        "calendar" => "medium",
        "cleaning" => "hard",
        other => other,
    }
}

/// Replay one episode, or say why it could not be replayed.
fn replay(row: &Value) -> Result<Replayed, String> {
    let info = registry::find("productivity").ok_or("productivity is not registered")?;
    let mut env = AnyEnv::of(info);
    let mut answers = 0;
    if let Some(url) = row["url"].as_str() {
        let mut options = serde_json::Map::new();
        for (k, v) in query(url) {
            let value = v.parse::<u64>().map_or(Value::String(v), Value::from);
            options.insert(k, value);
        }
        env.reset(&Value::Object(options), ResetDefaults::default())
            .map_err(|e| format!("reset: {e}"))?;
        for call in row["calls"].as_array().into_iter().flatten() {
            let tool = call["tool"].as_str().unwrap_or("");
            // Reading the task is free and changes nothing.
            if tool == "read_task" || env.is_done() {
                continue;
            }
            if tool == "propose" || tool == "final" {
                answers += 1;
            }
            // A refused call (the player probing the protocol) counts
            // nothing, as it did when played.
            let _ = env.call_tool(tool, &call["arguments"]);
        }
    } else {
        env.reset(&reset_options(row), ResetDefaults::default())
            .map_err(|e| format!("reset: {e}"))?;
        for action in row["actions"].as_array().into_iter().flatten() {
            if env.is_done() {
                break;
            }
            // Episodes played over MCP keep each tool call as `tool_call`
            // (`name`, `arguments`; p5) or as `tool` and `arguments` (p6),
            // on a scenario chosen by split and index like the others.
            let call = action
                .get("tool_call")
                .map(|call| (&call["name"], call))
                .or_else(|| action.get("tool").map(|tool| (tool, action)));
            if let Some((tool, call)) = call {
                let tool = tool.as_str().unwrap_or("");
                if tool == "propose" || tool == "final" {
                    answers += 1;
                }
                // A call the MCP schema refused (p8's asides in enum
                // fields) was refused when played too and counted nothing;
                // the final score says whether the rest replays the same.
                if tool != "read_task" {
                    let _ = env.call_tool(tool, &call["arguments"]);
                }
                continue;
            }
            // p1 and p2 keep each action as the object sent, p3 as its raw
            // command.
            let action = match action {
                Value::String(raw) => json!({ "raw": raw }),
                other => other.clone(),
            };
            let raw = action["raw"].as_str().unwrap_or("");
            if raw.starts_with("final") || raw.starts_with("propose") {
                answers += 1;
            }
            env.step(&action)
                .map_err(|e| format!("{raw:.60} is refused now: {e}"))?;
        }
    }
    let score = env.terminal_score();
    let observation = env.observation().map(|o| o.to_value()).unwrap_or_default();
    let feedback = observation["last_feedback"]
        .as_str()
        .or(observation["feedback"].as_str())
        .unwrap_or("")
        .to_owned();
    let state = env.state();
    Ok(Replayed {
        score,
        feedback,
        answers,
        task: state["task"].as_str().unwrap_or("").to_owned(),
        level: state["difficulty"].as_u64().unwrap_or(0),
    })
}

/// The final feedback the player saw: over HTTP the row's, over MCP the
/// excerpt of the call that ended the episode.
fn recorded_feedback(row: &Value) -> String {
    if let Some(text) = row["final_feedback"].as_str() {
        return text.to_owned();
    }
    row["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["result_excerpt"].as_str())
        .find(|text| text.contains("Final answer graded"))
        .unwrap_or("")
        .to_owned()
}

/// Whether the replay is on the scenario played: the same expected answer
/// (a cut excerpt a prefix of it), or for a feedback that showed none, a
/// scenario [`REGENERATED`] does not list.
fn same_scenario(corpus: &str, row: &Value, replayed: &Replayed) -> Result<(), String> {
    if let Some(change) = retired_in(corpus, &replayed.task, replayed.level) {
        return Err(format!("regenerated since: {change}"));
    }
    let recorded = recorded_feedback(row);
    let now = expected_answer(&replayed.feedback).unwrap_or("");
    match expected_answer(&recorded) {
        Some(then) if now.starts_with(then) => Ok(()),
        Some(then) => Err(format!("expected then {then}, now {now}")),
        None => match REGENERATED.iter().find(|(c, task, levels, _)| {
            *c == corpus && *task == replayed.task && levels.contains(&replayed.level)
        }) {
            Some((_, _, _, change)) => Err(format!("regenerated since: {change}")),
            None => Ok(()),
        },
    }
}

/// A score as the failures print it: an episode left open has none.
fn shown(score: Option<f64>) -> String {
    score.map_or_else(|| "none (ungraded)".to_owned(), |s| format!("{s:.4}"))
}

/// Every productivity episode: (corpus, line, row).
fn episodes() -> Vec<(&'static str, usize, Value)> {
    let mut out = Vec::new();
    for (name, text) in CORPORA {
        for (n, line) in text.lines().enumerate() {
            let Ok(row) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            // p3 rows name no environment: the whole file is productivity.
            if row["env"] == "productivity" || row.get("env").is_none() {
                out.push((*name, n + 1, row));
            }
        }
    }
    out
}

#[test]
fn played_episodes_score_what_the_player_judged() {
    let mut failures = Vec::new();
    let mut changed = Vec::new();
    let (mut episodes_right, mut answers_right, mut episodes_own) = (0, 0, 0);
    let (mut before, mut after, mut replayed_count) = (0.0, 0.0, 0u32);
    let mut retired = 0;
    for (corpus, line, row) in episodes() {
        let recorded = row["score"].as_f64();
        let task = canonical_task(row["task"].as_str().unwrap_or(""));
        let level = row["level"].as_u64().unwrap_or(0);
        if let Some(why) = retired_in(corpus, task, level) {
            retired += 1;
            changed.push(format!("{corpus}:{line} {task} level {level}: {why}"));
            continue;
        }
        let replayed = match replay(&row) {
            Ok(r) => r,
            Err(why) => {
                failures.push(format!("{corpus}:{line}: not replayable: {why}"));
                continue;
            }
        };
        if replayed.task != task || Some(replayed.level) != row["level"].as_u64() {
            failures.push(format!(
                "{corpus}:{line}: reset gave {} level {}, the row says {task} level {}",
                replayed.task, replayed.level, row["level"]
            ));
            continue;
        }
        if let Err(why) = same_scenario(corpus, &row, &replayed) {
            changed.push(format!(
                "{corpus}:{line} {task} level {}: {why}",
                replayed.level
            ));
            continue;
        }
        replayed_count += 1;
        // An episode left ungraded (its only answer refused as malformed,
        // score null) earned nothing.
        before += recorded.unwrap_or(0.0);
        after += replayed.score.unwrap_or(0.0);
        let settled = SETTLED_BY_INSTRUCTION
            .iter()
            .any(|(c, l, _)| *c == corpus && *l == line);
        let read_right = SETTLED_BY_READING
            .iter()
            .any(|(c, l, _)| *c == corpus && *l == line);
        let judged = if settled {
            Verdict::OwnMistake
        } else if read_right {
            Verdict::Right
        } else {
            verdict(&row)
        };
        let expected = match judged {
            Verdict::Right => {
                episodes_right += 1;
                answers_right += replayed.answers;
                Some(1.0)
            }
            Verdict::OwnMistake => {
                episodes_own += 1;
                match OWN_LOSS_ONLY
                    .iter()
                    .any(|(c, l, _)| *c == corpus && *l == line)
                {
                    true => Some(own_loss_only(&row)),
                    false => recorded,
                }
            }
        };
        let expected = DECIDED_REFUSED
            .iter()
            .chain(OWN_LOSS_NOW)
            .chain(NOW_A_HEDGE)
            .find(|(c, l, _, _)| *c == corpus && *l == line)
            .map_or(expected, |(_, _, kept, _)| Some(*kept));
        let listed = |list: &[(&str, usize, &'static str)]| {
            list.iter()
                .find(|(c, l, _)| *c == corpus && *l == line)
                .map(|(_, _, class)| *class)
        };
        if exploit_shown(&row) {
            // A wrong answer that kept its points: held to what it scored
            // while its exploit is open, and below that once closed.
            let now = replayed.score.unwrap_or(0.0);
            let closed = now < recorded.unwrap_or(0.0) - 1e-4;
            match (closed, listed(KNOWN_EXPLOITS).or(listed(PADDED_SET_F1))) {
                (true, Some(class)) => failures.push(format!(
                    "{corpus}:{line}: exploit closed ({class}); take it off KNOWN_EXPLOITS"
                )),
                (false, None) => failures.push(format!(
                    "{corpus}:{line} {task} level {}: a wrong answer still scores {} (recorded {})\n  actions: {}",
                    replayed.level,
                    shown(replayed.score),
                    shown(recorded),
                    row.get("actions").or(row.get("calls")).unwrap_or(&Value::Null),
                )),
                _ => {}
            }
            continue;
        }
        if let Some(class) = listed(KNOWN_OPEN) {
            // Open grader work: held to what it scored until fixed.
            let fixed = match (replayed.score, expected) {
                (Some(now), Some(expected)) => (now - expected).abs() < 1e-4,
                _ => false,
            };
            let same = match (replayed.score, recorded) {
                (Some(now), Some(then)) => (now - then).abs() < 1e-4,
                (None, None) => true,
                _ => false,
            };
            if fixed {
                failures.push(format!(
                    "{corpus}:{line}: fixed ({class}); take it off KNOWN_OPEN"
                ));
            } else if !same {
                failures.push(format!(
                    "{corpus}:{line}: open ({class}) scores {}, recorded {}",
                    shown(replayed.score),
                    shown(recorded)
                ));
            }
            continue;
        }
        let as_played = match (replayed.score, expected) {
            (Some(now), Some(expected)) => (now - expected).abs() < 1e-4,
            // The player's own answer refused as malformed and left
            // ungraded is refused still, and the feedback says why.
            (None, None) => replayed.feedback.starts_with("Malformed action"),
            _ => false,
        };
        if !as_played {
            failures.push(format!(
                "{corpus}:{line} {task} level {}: scores {}, expected {} (recorded {})\n  actions: {}\n  feedback: {}",
                replayed.level,
                shown(replayed.score),
                shown(expected),
                shown(recorded),
                row.get("actions").or(row.get("calls")).unwrap_or(&Value::Null),
                replayed.feedback
            ));
        }
    }
    println!(
        "replayed {replayed_count} episodes on their scenarios: mean recorded {:.4}, mean now {:.4}; \
         {episodes_right} judged right ({answers_right} answers, drafts included), \
         {episodes_own} with the player's own mistake; {} on scenarios changed since, skipped:\n  {}",
        before / f64::from(replayed_count.max(1)),
        after / f64::from(replayed_count.max(1)),
        changed.len(),
        changed.join("\n  ")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(retired, RETIRED_EPISODES, "retired episodes");
    // The corpora hold 200 episodes; a replay that silently skips most of
    // them as changed tests nothing.
    assert!(
        replayed_count >= 80,
        "only {replayed_count} episodes replayed on their scenarios"
    );
}
