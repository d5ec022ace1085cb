//! Answers written by a model playing `it_mental_health` black-box (over
//! HTTP, never reading the source, in varied styles, at every level), with
//! its own verdict of what each answer got right. Every answer it judged
//! right, and every answer whose points it lost only to the grader (class
//! "B": a misreading; "C": a rule the instruction did not state, since
//! stated), must score full: a point lost there is a grader defect.
//! Answers whose lost points the player called its own mistake are kept
//! out. The corpus files are the raw JSON lines under `player_corpus/`,
//! and the MCP player's episodes converted to one record each under `corpus/`.

use env_wasm::it_mental_health::plan;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::registry::IT_MENTAL_HEALTH_INFO as INFO;
use serde_json::Value;

const CORPORA: &[(&str, &str)] = &[
    (
        "it_mental_health-p1",
        include_str!("../player_corpus/2026-12-02/it_mental_health-p1/episodes.jsonl"),
    ),
    (
        "it_mental_health-p2",
        include_str!("../player_corpus/2026-12-02/it_mental_health-p2/episodes.jsonl"),
    ),
    // Third black-box play of main (first attempts, one-change replays
    // and probes of each misreading); every line is a right answer.
    (
        "it_mental_health-p3",
        include_str!("corpus/it_mental_health-p3.jsonl"),
    ),
    // The it_mental_health episodes of the MCP player, one record an
    // episode: its accepted `answer` calls in order, level and seed taken
    // from the episode URL (`source_line` is the line of
    // `player_corpus/2026-12-02/mcp-p2/episodes.jsonl`).
    ("mcp-p2", include_str!("corpus/mcp-p2.jsonl")),
    // The MCP player of 3 December (play-mcp1), the raw file of every
    // environment: its it_mental_health episodes, each answer an `answer`
    // tool call (`args.response`), reset by split and index, the catalogue
    // plans of levels 4 and 5 written against the catalogue as it is.
    (
        "mcp1",
        include_str!("../player_corpus/2026-12-03/mcp1/episodes.jsonl"),
    ),
    // The black-box play of 4 December (play-it6): every task at levels 1
    // to 5 on main at 104a3eb, validation indices from 121, 18 episodes
    // over HTTP and 12 over MCP (`tool` with `arguments`), and four
    // one-phrase replays (`replay_of`). Its report is beside it.
    (
        "it_mental_health-p6",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p6/episodes.jsonl"),
    ),
    // The second play of 4 December (play-it7): levels 1-5, mostly 3-5,
    // on main at ec4d775, validation indices 341-399, 20 episodes over HTTP
    // and 14 over MCP, long manager-style prose with asides and
    // cross-references, and ten one-phrase replays (`replay_of`).
    (
        "it_mental_health-p7",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p7/episodes.jsonl"),
    ),
    // The third play of 4 December (play-it8): burnout and triage at
    // levels 2-5 and two full episodes, on main at a57cacb, indices
    // 425-486, 10 over MCP, and four one-phrase replays.
    (
        "it_mental_health-p8",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p8/episodes.jsonl"),
    ),
    // The fourth play of 4 December (play-it9): every task at levels 1-5,
    // 3 over MCP, manager prose with asides, and two one-phrase replays.
    // Its B rows: "I'd leave out P3 and P5" read as choosing them (line
    // 17), and a same-day occupational health check beside a safety plan
    // read as a hedge (line 15).
    (
        "it_mental_health-p9",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p9/episodes.jsonl"),
    ),
    // The fifth play of 4 December (play-it10): every task at levels 1-5,
    // 6 over MCP, four voices, and seven one-phrase replays. Its B rows: a
    // severity aside naming what another severity would take ("severe
    // would be 3") read as a hedge (lines 8, 9), a week line saying what
    // the plan leaves alone read as tackling it (lines 25, 27), the means
    // of an action ("use 1:1s to ...") read as its target (line 3), and a
    // lead named by full name hiding a 24-hour action (lines 11, 12, 14).
    (
        "it_mental_health-p10",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p10/episodes.jsonl"),
    ),
    // The sixth play of 4 December (play-it11): 27 first plays (18 at
    // level 5) and 7 replays or probes, 8 over MCP, terse bullets, prose
    // with asides, tables, numbers in words. Its B rows: "with a senior
    // colleague backing him" read as aiming at another person's conflict
    // (lines 7, 34), a budget in words ("eight thousand US dollars in
    // total") read as no total (lines 12, 27); its C row: an action on the
    // person's own 15-hour incident taken as another person's stressor
    // (line 2).
    (
        "it_mental_health-p11",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p11/episodes.jsonl"),
    ),
    // The seventh play of 4 December (play-it12, on the sixth play's
    // fixes): 22 first plays (11 at level 5) and 8 replays, 7 over MCP,
    // non-native English, long answers quoting the case. Its B rows (a
    // severity sub-total titled like a section, a mitigation without a cue
    // word, the person's role named by their name, an action whose reason
    // quotes two facts) are read since.
    (
        "it_mental_health-p12",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p12/episodes.jsonl"),
    ),
    // The eighth play of 4 December (play-it13, on the seventh play's
    // fixes): 20 first plays (12 at level 5) and 6 replays, 7 over MCP, a
    // clinician's voice, numbered lists with bold labels, tables and
    // telegraphic answers. Its B rows: a "Cost:" step of the reasoning read
    // as a second budget (line 8) and "below the severe 12" as a second
    // severity (line 17).
    (
        "it_mental_health-p13",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p13/episodes.jsonl"),
    ),
    // The ninth play of 4 December (play-it14, on the eighth play's
    // fixes): 16 first plays (9 at level 5) and 6 replays, 7 over MCP, an
    // HR partner's voice, one line per person, essays, arithmetic in
    // brackets. Its B rows: one line per person lost every action (the
    // cues stood after dashes, not at a line's start); a bracketed "47%
    // cut" beside a KPI's target read as a second target; "from not being
    // able to concentrate" negating the referral at the end of its clause.
    (
        "it_mental_health-p14",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p14/episodes.jsonl"),
    ),
    // Level 5 played without running code for the answer (play-it15: the
    // catalogue's sums and hours by hand): 15 first plays and 2 replays,
    // mean 0.999. Its B row: "cut what is not essential" beside an AMBER
    // check-in read as negating the check-in (3, 17).
    (
        "it_mental_health-p15",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p15/episodes.jsonl"),
    ),
    // The tenth play of 4 December (play-it16, on the ninth play's fixes):
    // 15 first plays (9 at level 5) and 1 replay, 6 over MCP, negations and
    // conditions in the reasoning, fields of several sentences, markdown
    // headings, semicolons; mean 0.999, no B or C. Line 2 is its own hedge
    // ("a crisis line or the EAP's urgent service").
    (
        "it_mental_health-p16",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p16/episodes.jsonl"),
    ),
    // The eleventh play of 4 December (play-it17, on the tenth play's
    // fixes): 13 first plays (8 at level 5) and 2 replays, 5 over MCP, the
    // rule and numbers behind each decision, what was ruled out, tables.
    // Its B row: "moderate (3 months or more is a stressor; severe only from
    // 6)" read as no one severity, which gated the plan to 0.00 (line 5);
    // read since.
    (
        "it_mental_health-p17",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p17/episodes.jsonl"),
    ),
    // The twelfth play of 4 December (play-it18, on 8f0222a): 19 first
    // plays (11 at level 5, one over MCP) and 7 replays, as a line manager
    // to HR, an occupational-health memo, tables, long prose, terse bullets.
    (
        "it_mental_health-p18",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p18/episodes.jsonl"),
    ),
    // The thirteenth play of 4 December (play-it19, on 8f0222a): 15 first
    // plays (9 at level 5) and 3 replays, as HR case notes, blunt bullets,
    // what was ruled out inline, numbered lists, facts in brackets.
    (
        "it_mental_health-p19",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p19/episodes.jsonl"),
    ),
    // The fourteenth play of 4 December (play-it20, on e2cb44d): 15 first
    // plays (9 at level 5) and 2 replays, for a leadership audience, a
    // psychologist's prose, checklists, the rubric rule before each
    // conclusion, the alternatives that lost. Its B row: "put first
    // response on a fair rotation" not read as the incidents (8); its C
    // row: "cut its scope ... and reset the deadline" of the person's own
    // migration read as another's launch deadline (8). Read since.
    (
        "it_mental_health-p20",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p20/episodes.jsonl"),
    ),
    // The fifteenth play of 4 December (play-it21, on db423d2): 15 first
    // plays (9 at level 5) and 7 replays, quoting the case, British hedged
    // clinical prose, "key: value" blocks, a summary table, asides.
    (
        "it_mental_health-p21",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p21/episodes.jsonl"),
    ),
    // A paraphrase stress (play-para-it, on db423d2): six cases at levels
    // 4-5, each answered once and again in 10 other correct wordings.
    (
        "it_mental_health-p22",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p22/episodes.jsonl"),
    ),
    // A second paraphrase stress (play-para-it2, on 4bd364b): six other
    // cases at levels 4-5, each answered once and in 10 other wordings.
    (
        "it_mental_health-p23",
        include_str!("../player_corpus/2026-12-04/it_mental_health-p23/episodes.jsonl"),
    ),
    // A third paraphrase stress (play-para-it3, on 37443b6): six other
    // cases at levels 4-5, each answered once and in 10 other wordings.
    (
        "it_mental_health-p24",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p24/episodes.jsonl"),
    ),
    // A fifth paraphrase stress (play-para-it5, on 79cbaef): six cases at
    // levels 4-5, each answered once and in 10 other wordings, four more
    // level-5 cases and 15 one-phrase confirmations: 85 rows.
    (
        "it_mental_health-p25",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p25/episodes.jsonl"),
    ),
    // A sixth paraphrase stress (play-para-it6, on ebbeaeb): six cases at
    // levels 4-5, each answered once and in 10 other wordings, four more
    // level-5 cases and 15 one-phrase confirmations and probes: 85 rows.
    (
        "it_mental_health-p26",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p26/episodes.jsonl"),
    ),
    // A seventh paraphrase stress (play-para-it7, on 56d7f8b): six cases at
    // levels 4-5, each answered once and in 10 other wordings, four more
    // level-5 cases and 28 one-phrase confirmations: 98 rows.
    (
        "it_mental_health-p27",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p27/episodes.jsonl"),
    ),
    // An eighth paraphrase stress (play-para-it8, on 42cc0fa): six cases at
    // levels 4-5, each answered once and in 8 other wordings, three more
    // level-5 cases and 22 one-phrase probes: 79 rows.
    (
        "it_mental_health-p28",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p28/episodes.jsonl"),
    ),
    // A ninth paraphrase stress (play-para-it9, on 2dd3bd1): six cases at
    // levels 4-5, each answered once and in 8 other wordings, three more
    // level-5 cases and 17 one-phrase probes: 74 rows.
    (
        "it_mental_health-p29",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p29/episodes.jsonl"),
    ),
    // A tenth paraphrase stress (play-para-it10, on 6aa9d75): six cases at
    // levels 4-5, each answered once and in 8 other wordings, three more
    // level-5 cases and 11 probes: 68 rows; its open rows are KNOWN_OPEN.
    (
        "it_mental_health-p30",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p30/episodes.jsonl"),
    ),
    // An eleventh (play-para-it11, on 4403acd): six cases at levels 4-5,
    // each answered once and in 8 other wordings, three more level-5 cases
    // and 14 probes: 71 rows; its open rows are KNOWN_OPEN.
    (
        "it_mental_health-p31",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p31/episodes.jsonl"),
    ),
    // A twelfth (play-para-it12, on a1d0b40): six cases at levels 4-5,
    // each answered once and in other wordings, and probes: 68 rows.
    (
        "it_mental_health-p32",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p32/episodes.jsonl"),
    ),
    // A thirteenth (play-para-it13, on 0ecc26c): six cases at levels 4-5,
    // each answered once and in eight other wordings, three single plays
    // and probes: 66 rows.
    (
        "it_mental_health-p33",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p33/episodes.jsonl"),
    ),
    // The fourteenth paraphrase stress (play-para-it14, on d1dbb35): nine
    // cases at levels 4-5, six of them with 8 other wordings, and 7 probes
    // (64 rows). Its B rows: the level scale named before the pick ("on a
    // scale of Low / Moderate / High / Critical this sits at High") read as
    // a hedge (lines 9, 61, 63, 64), "a rotation of three people" read as
    // another person's understaffing (21); its C rows: template labels
    // inside a sentence ("... so Burnout dimensions: ...", "at Severity:
    // High") not found (3, 62). Read since.
    (
        "it_mental_health-p34",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p34/episodes.jsonl"),
    ),
    // A fifteenth (play-para-it15, on 1f7f3c6): six cases at levels 4-5,
    // each answered once and in eight other wordings, three single plays
    // and 23 probes: 80 rows. Its B rows: tick/cross checklists, "a week
    // away", a "Key concerns:" overview beside "Red flags:", "like <Name>,"
    // in a tier line, a role decision with a date, urgent OH beside safety
    // support, "moderate - less severe than X", a mitigation after ", so".
    (
        "it_mental_health-p35",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p35/episodes.jsonl"),
    ),
    // A sixteenth (play-para-it17, on 7fdf91e): six cases at levels 4-5,
    // each answered once and in six other wordings, and 33 probes: 75
    // rows. Its B rows: a priority ranking of plain lines read to its
    // first line (22, 27-30, 37), a mitigation after "→" (54, 57, 58, 67);
    // its C rows: a rationale line under the plan line opening with a
    // rejected id, whose ids over the cap were read as offered (40, 48,
    // 72, 74). Read since.
    (
        "it_mental_health-p36",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p36/episodes.jsonl"),
    ),
    // An eighteenth (play-para-it18, on 4b3b53f): six cases at levels 4-5,
    // each answered once and in three to six other wordings, and 10 probes:
    // 40 rows. Its B rows: a stressors table with no "Stressors:" line
    // (32), "we'll ringfence / ring-fence ..." as no mitigation (34, 37);
    // its C rows (decided as B): prose actions timed "today" and a
    // follow-up after "then" (22, 24-26). Read since; its A rows (12, 14:
    // "dims:" for the dimensions) keep their scores.
    (
        "it_mental_health-p37",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p37/episodes.jsonl"),
    ),
    // The nineteenth (play-para-it19, on 1d9ea28): six cases at
    // levels 4-5, each answered once and in six other wordings, and 19
    // probes (61 rows; line 27 is an accidental resend of line 21, kept as
    // scored). Its B rows: a red-flags lead-in of six or more words ("The
    // red flags that worry me most:") not read as the section, which gated
    // the answer to 0.00 (8, 15, 29, 32, 33); an abbreviated month ("since
    // Jan.", "since Sept") not read as the leave fact (22, 25, 26); an
    // amount in a caveat or sign-off after the Budget read into it (55, 60,
    // 61). Read since.
    (
        "it_mental_health-p38",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p38/episodes.jsonl"),
    ),
    // The twentieth (play-para-it20, on c46d538): six cases at levels 4-5,
    // each answered once and in six other wordings, and 16 probes: 58 rows.
    // Its B rows: a risk mitigation with "would"/"'d", "you" or a named
    // owner and "would" as its subject read as no mitigation (40, 45, 46,
    // 48, 50, 53, 56, 57; 50 is a control edit elsewhere that keeps
    // "You'd review"). Read since; its A row 34 (stressors one per
    // sentence in one paragraph) is SETTLED.
    (
        "it_mental_health-p39",
        include_str!("../player_corpus/2026-12-05/it_mental_health-p39/episodes.jsonl"),
    ),
    // The twenty-first (play-para-it21, on 9eb4ae1), its burnout and
    // triage episodes only: four cases at levels 3 and 5, each answered
    // once and in six other wordings, a second triage case and probes: 44
    // rows (`source_line` is the line of the raw file). Its B rows: a
    // referral after the safety step as a bare item ("; urgent EAP
    // referral.") read as a hedge (raw lines 4, 6, 34, 37, 38, 41); a
    // 2-week action whose object is left out or "it" ("realistic re-plan
    // in milestones", "Re-plan it: move the date or cut the scope") read as
    // aimed at no stressor (36, 44). Read since.
    (
        "it_mental_health-p40",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p40/episodes.jsonl"),
    ),
    // The twenty-first's intervention_plan episodes (play-para-it21, on
    // 9eb4ae1): two cases at levels 3 and 5, each answered once and in six
    // other wordings, a second level-5 case and 8 probes: 23 rows
    // (`source_line` is the line of the player's file). Its B rows: a
    // "moderate" stressor line with where severe starts, "(severe at 12
    // months)", read as no one severity, which gated the plan to 0.00
    // (15, 18, 22, 23); its C row 6 (decided as B): owners written "you"
    // in a letter to one roster person by name. Read since. Its C row 10
    // (owners by role alone) is decided as the player's own (PLAYERS_OWN).
    (
        "it_mental_health-p41",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p41/episodes.jsonl"),
    ),
    // The twenty-second (play-para-it22, on f6e051f): six cases at levels 3
    // and 5, each answered once and in six other wordings, a second triage
    // case and probes: 63 rows (lines 13-15 are probes the player marked
    // malformed, kept as marked). Its B rows: an AMBER person's check-in
    // with "drop or hand over non-urgent items" read as a hedge between
    // tiers (4, 10, 14, 19, 61, 62); a carer's 2-week action "with a
    // colleague covering their work" docked as aimed at another person's
    // understaffing (4, 9, 22, 61, 63); a budget total followed by a dash
    // and its breakdown read as a range (5, 8, 47, 59). Read since.
    (
        "it_mental_health-p42",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p42/episodes.jsonl"),
    ),
    // The twenty-third (play-para-it23, bin34): six cases at levels 3 and
    // 5, each answered once and in six other wordings, and probes: 65 rows
    // (`source_line` is the line of the raw file). Its B rows: a red flag
    // restating "why bother caring" as "no longer caring" or "sees no
    // point in caring any more" read as citing no fact (16, 17, 19, 20,
    // 25); an action routing new requests through one weekly review read
    // as tackling no stressor, though it is the catalogue's own remedy for
    // roadmap changes (39, 42, 45, 49). Read since.
    (
        "it_mental_health-p43",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p43/episodes.jsonl"),
    ),
    // The twenty-fourth (play-it24, bin35): six cases at levels 3 to 5,
    // each answered once and in six other wordings, and probes: 62 rows
    // (`source_line` is the line of the raw file). Its B rows: a "What I
    // have left out, and why:" paragraph after Week 4 read as a Week 4
    // action on overtime, leave cover and incidents, which zeroed the plan
    // (39, 50, 51); "Contractor sprint to finish the automation" read as
    // staffing (42, 43); "- P11: not chosen (...)" read as choosing P11
    // (59, 61). Read since. Its B4 rows (25, 29, 32: main stressors misread
    // in the weightless `stressors` criterion) cost no points.
    (
        "it_mental_health-p44",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p44/episodes.jsonl"),
    ),
    // The twenty-fifth (play-it25, bin36): six cases at levels 3 and 5,
    // each answered once and in five other wordings, and probes: 57 rows
    // (`source_line` is the line of the raw file). Its B row: a reminder
    // that the EAP or counselling exists beside an AMBER person's check-in
    // read as urgent support (47, 50); its C row: "if she would like it,
    // offer an EAP session too" read the same (48, 55), decided as care.
    // Read since.
    (
        "it_mental_health-p45",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p45/episodes.jsonl"),
    ),
    // The twenty-sixth (play-it26, bin37): six cases at levels 4 and 5,
    // each answered once and in six other wordings, and probes: 51 rows
    // (`source_line` is the line of the raw file). Its B rows: a second
    // sign of one dimension (an observation beside a quote) refused as a
    // fact already cited, because one word they share ("stopped") tied
    // each item to both facts (1-3, 10-15, 51); a one-word table cell
    // "Mediation" as a 2-week action read as 0.00 (29, 36). Read since.
    (
        "it_mental_health-p46",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p46/episodes.jsonl"),
    ),
    // The twenty-seventh (play-it27, bin38): six cases at levels 3 and 5,
    // each answered once and in six other wordings, and probes: 65 rows
    // (`source_line` is the line of the raw file). Its B rows: a No whose
    // reason sets the escalation aside ("rather than escalating", "instead
    // of escalating", "rather than involving HR") or judges it after the
    // verb ("escalating is not needed") read as both yes and no (12,
    // 14-17); a reorganisation's 2-week action "Role clarity from
    // leadership", "Role clarity." or "Leadership clarifies her role." read
    // as aimed at no stressor (40, 45, 46). Read since. Its A rows (21, 29)
    // are the player's own.
    (
        "it_mental_health-p47",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p47/episodes.jsonl"),
    ),
    // The twenty-eighth (play-it28, bin39): six cases at levels 4 and 5,
    // each answered once and in six other wordings, and probes: 66 rows
    // (`source_line` is the line of the raw file). Its B rows: a 1:1 KPI
    // from "none in 3 months" to "every person seen within 2 weeks" read
    // as no target (21, 25, 29, 34, 36); an on-call rotation "so he is no
    // longer first on the bridge" read as aimed at the rota, not the
    // incidents (38); a risk's step with no marker word ("...; she books
    // them as recurring calendar entries") read as no mitigation (59-62,
    // 65, 66); its C row: "Neither on-call option fits: P12 drags in the
    // offsite P4 ..." on the plan line read P4, P5 and P12 as chosen (54),
    // decided as a misreading. Read since.
    (
        "it_mental_health-p48",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p48/episodes.jsonl"),
    ),
    // The twenty-ninth (play-it29, bin40): six cases at levels 3 and 5,
    // each answered once and in six other wordings, and probes: 48 rows
    // (`source_line` is the line of the raw file). Its B rows: a week's
    // line saying nothing is done to an item ("No change to the on-call
    // rota (...), nor to incident handling (...)", "The on-call rota stays
    // as it is") read as tackling it, which with B1 zeroed the plan (34,
    // 40, 41); 1:1s held as the means of an action on overtime ("runs 1:1s
    // focused on workload; outcome: overtime keeps trending down", "hold
    // 1:1s on workload and cut overtime") read as tackling 1:1s, which the
    // profile does not call for (32, 34, 39). Read since.
    (
        "it_mental_health-p49",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p49/episodes.jsonl"),
    ),
    // The thirtieth (play-it30, bin41): six cases at levels 4 and 5, each
    // answered once and in six other wordings, and probes: 54 rows
    // (`source_line` is the line of the raw file). Its B rows: a KPI
    // target of none in words ("3 this quarter, none for the rest of
    // it", "no changes for the rest of it", "none.") read as no target
    // (7, 15, 16); a new role's 2-week action "Pair her with a senior
    // engineer" or "Pairing with an experienced engineer" read as aimed
    // at no stressor (30, 33, 37); a risk's step with no marker word in
    // the sentence after it ("He will refer people to Clearpath EAP ...")
    // read as no mitigation (49). Read since. Its row 38 ("Reset the
    // team's expectations." alone) is decided as the answer's own: it
    // names no means on her new role.
    (
        "it_mental_health-p50",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p50/episodes.jsonl"),
    ),
    // The thirty-first (play-it31, bin41): six cases at levels 2 and 3,
    // each answered once and in six other wordings, and probes: 59 rows
    // over MCP (`source_line` is the line of the raw file). Its B rows:
    // "Restructure the on-call rota (...)" and "Restructuring of the
    // on-call rota" read as tackling the reorganisation, which zeroed the
    // plan (41, 48, 49); a budget committed to beside amounts weighed and
    // set aside ("I hesitated between ... (~$4,500) and the full $7,500;
    // ... I'll commit to $6,000", "I weighed $7,500 but chose $6,000")
    // summed (29, 33, 37, 38); "Contract extra capacity" not read as the
    // head of engineering's hiring and contractors (53); its C row: "Engage
    // a contractor to take overflow backlog" where overtime is the stressor
    // read as staffing (52), decided as a misreading. Read since.
    (
        "it_mental_health-p51",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p51/episodes.jsonl"),
    ),
    // The thirty-second (play-it32, bin41): each task at levels 1 and 5,
    // answered once and in six other wordings, and probes: 56 rows. Its B
    // rows: a dimension denied with a word grading the evidence,
    // "Depersonalisation: no clear sign of it.", read as present (7, 13-16,
    // 18, 55); a KPI's calendar date, "from 2 to 0 by 24 March", read as
    // its target (40, 44-47, 54). Read since.
    (
        "it_mental_health-p52",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p52/episodes.jsonl"),
    ),
    // The thirty-third (play-it33, bin41): six cases at levels 2-4, each
    // answered once and in six other wordings, and probes: 57 rows. Its B1
    // ("Not this time: no team event (...) and no incident work (...)"
    // and the probes' other wordings of a decline read as actions) and B2
    // ("checks the new rota with the engineers in their 1:1s" read as
    // tackling 1:1s) are read: every row replays as judged.
    (
        "it_mental_health-p53",
        include_str!("../player_corpus/2026-12-06/it_mental_health-p53/episodes.jsonl"),
    ),
    // The thirty-fourth, over MCP alone (play-it34, on 0b43a14): six cases
    // at levels 2-5, each answered once and in six other wordings, probes
    // and wrong answers: 72 rows. Its B1 (an option set against a kept one
    // and judged dearer, "P12 instead of P11 only makes things dearer",
    // read as chosen), B2 ("; ring-fence sprint capacity." read as no
    // mitigation), B3 ("a safe way home" read as no same-day safety step)
    // and B4 ("lighten her on-call load" read as no step) are read.
    (
        "it_mental_health-p54",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p54/episodes.jsonl"),
    ),
    // The thirty-fifth (play-it35, on 0b43a14): six cases at levels 2, 4 and
    // 5, each answered once and in six other wordings, probes and wrong
    // answers: 66 rows. Its B1 (a risk as an "if" clause, "A deputy will
    // run it" after it read as no mitigation) and B2 (a referral before the
    // safety step in one list read as a hedge) are read.
    (
        "it_mental_health-p55",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p55/episodes.jsonl"),
    ),
    // The thirty-sixth (play-it36, on 7ec7716): six cases at levels 1-4,
    // each answered once and in six other wordings, probes and 37 wrong
    // answers: 91 rows. Its B rows (B1: "pair her with a second developer
    // on the build" read as a new role's support; B2: a mitigation in the
    // plain present or the passive read as none) are read; its X rows
    // (wrong answers that kept their points) are in its report.
    (
        "it_mental_health-p56",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p56/episodes.jsonl"),
    ),
    // The thirty-seventh (play-it37, over MCP alone, on abf1783): plans at
    // levels 5 and 3, triage at levels 5 and 4, burnout and a full episode
    // at level 5, each answered once and in six other wordings, probes and
    // 31 wrong answers (the lead added class A to the 30 whose note judges
    // the deduction right): 111 rows. Its B1-B3 rows (urgent support as
    // "point him to the EAP" or "take him off incident duty", a routine
    // check-in as "a normal check-in" or "recognition for her mentoring",
    // "a clear answer on the role"), B4 and B5 are read, and so is row
    // 38's other loss (a ramp-up given read as the load given); its X rows
    // are in its report.
    (
        "it_mental_health-p57",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p57/episodes.jsonl"),
    ),
    // The thirty-eighth (play-it38, over HTTP, on 7676935): triage at levels
    // 5, 5 and 3, a plan, burnout and a full episode at level 4, each
    // answered once and in six other wordings, probes and 20 wrong answers
    // (the lead added class A to the 20 whose note judges the deduction
    // right): 80 rows. Its B rows (B1: a severity aside naming the other
    // severity's line, "moderate (under the six-week line for severe)",
    // read as a hedge; B2: "if he's open to it, an EAP referral today"
    // read as no support; B3: "distance from her colleagues" not read as
    // depersonalization) are read since; its X row (a risk pasted from the
    // profile kept half the risk credit) is held in
    // `it_mental_health_exploits.rs`. Its rows reproducing play-it37's
    // classes are read since too.
    (
        "it_mental_health-p58",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p58/episodes.jsonl"),
    ),
    // The thirty-ninth (play-it39, over MCP alone, on 9011433): plans at
    // levels 5 and 4, triage at 5 and 4, burnout and a full episode at level
    // 5, each answered once and in six other wordings, probes and wrong
    // answers: 89 rows (first plays 0.95, replays 0.97). Its B and C rows
    // are open (`KNOWN_OPEN`); its X rows are held in
    // `it_mental_health_exploits.rs`.
    (
        "it_mental_health-p59",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p59/episodes.jsonl"),
    ),
    // Over MCP alone (play-it40): plans at levels 2 and 5, triage at 3 and 5,
    // burnout at 4 and a full episode at 4, each answered once and in six
    // other wordings, probes and wrong answers: 72 rows (first plays 1.00,
    // replays 0.998). Its X rows are held in `it_mental_health_exploits.rs`.
    (
        "it_mental_health-p60",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p60/episodes.jsonl"),
    ),
    // Over HTTP (play-it41, on 88fcd09): plans at levels 3 and 4, triage at 2
    // and 4, burnout and a full episode at level 5, each answered once and in
    // six other wordings, probes and wrong answers: 75 rows (first plays
    // 0.99, replays 0.97). Its X rows are held in
    // `it_mental_health_exploits.rs`.
    (
        "it_mental_health-p61",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p61/episodes.jsonl"),
    ),
    // Over HTTP (play-it42, on f17663b): plans at levels 2 and 5, triage at 3
    // and 5, burnout at 4 and a full episode at 3, each answered once and in
    // six other wordings, probes and wrong answers: 70 rows (correct work
    // 0.95). Its B1 (a severity with the other's threshold explained,
    // "moderate (severe is every 3 days or more often)", read as a hedge)
    // and C1 ("moderate, though close to severe") are read since; its X
    // rows are held in `it_mental_health_exploits.rs`.
    (
        "it_mental_health-p62",
        include_str!("../player_corpus/2026-12-07/it_mental_health-p62/episodes.jsonl"),
    ),
];

/// Corpora whose level-4 and level-5 plans were chosen from the catalogue
/// those levels still give.
const CURRENT_CATALOGUE: &[&str] = &[
    "mcp1",
    "it_mental_health-p6",
    "it_mental_health-p7",
    "it_mental_health-p8",
    "it_mental_health-p9",
    "it_mental_health-p10",
    "it_mental_health-p11",
    "it_mental_health-p12",
    "it_mental_health-p13",
    "it_mental_health-p14",
    "it_mental_health-p15",
    "it_mental_health-p16",
    "it_mental_health-p17",
    "it_mental_health-p18",
    "it_mental_health-p19",
    "it_mental_health-p20",
    "it_mental_health-p21",
    "it_mental_health-p22",
    "it_mental_health-p23",
    "it_mental_health-p24",
    "it_mental_health-p25",
    "it_mental_health-p26",
    "it_mental_health-p27",
    "it_mental_health-p28",
    "it_mental_health-p29",
    "it_mental_health-p30",
    "it_mental_health-p31",
    "it_mental_health-p32",
    "it_mental_health-p33",
    "it_mental_health-p34",
    "it_mental_health-p35",
    "it_mental_health-p36",
    "it_mental_health-p37",
    "it_mental_health-p38",
    "it_mental_health-p39",
    "it_mental_health-p40",
    "it_mental_health-p41",
    "it_mental_health-p42",
    "it_mental_health-p43",
    "it_mental_health-p44",
    "it_mental_health-p45",
    "it_mental_health-p46",
    "it_mental_health-p47",
    "it_mental_health-p48",
    "it_mental_health-p49",
    "it_mental_health-p50",
    "it_mental_health-p51",
    "it_mental_health-p52",
    "it_mental_health-p53",
    "it_mental_health-p54",
    "it_mental_health-p55",
    "it_mental_health-p56",
    "it_mental_health-p57",
    "it_mental_health-p58",
    "it_mental_health-p59",
    "it_mental_health-p60",
    "it_mental_health-p61",
    "it_mental_health-p62",
];

/// Answers the player classed as its own mistake that a reading rule
/// stated since makes right (corpus, line, the rule): held to full.
const SETTLED: &[(&str, usize, &str)] = &[
    (
        "mcp1",
        7,
        "C1: the plan is the Interventions line; the paragraph after it saying why the set was \
         chosen chooses nothing (the response format says so)",
    ),
    (
        "it_mental_health-p11",
        2,
        "C1: a 2-week action on a stressor the person's own notes state (a 15-hour incident) is \
         their own case, though incidents are another person's main stressor; its A (two main \
         stressors, a hedge) is on a criterion of weight 0",
    ),
    (
        "it_mental_health-p39",
        34,
        "A1 decided as a misreading: the stressors written one per sentence in one paragraph, \
         each sentence a stressor and its severity, are the list a semicolon would separate",
    ),
    // play-it40's probes of its X2 (rows 48 and 65, `DECIDED_RIGHT` in
    // it_mental_health_exploits.rs): the player took the hedge they were
    // read as for its own mistake; by the decided rule a self-correction
    // is the corrected value, here the right one.
    (
        "it_mental_health-p60",
        59,
        "a self-corrected severity is the corrected one (\"Low, actually High\" is High, as \
         \"Low \u{2014} no, actually High\" is)",
    ),
    (
        "it_mental_health-p60",
        64,
        "a self-corrected severity is the corrected one (\"Moderate, actually High\" is High, as \
         \"Moderate \u{2014} no, actually High\" is)",
    ),
];

/// The text of an answer: `response`, or an MCP `answer` call's
/// `args.response` (mcp1) or `arguments.response` (p6).
fn response_of(action: &Value) -> Option<&str> {
    action["response"]
        .as_str()
        .or(action["args"]["response"].as_str())
        .or(action["arguments"]["response"].as_str())
}

/// Answers the player judged right that still lose points, each with the
/// defect class it shows (corpus, line, class): open grader work, listed
/// so that every other answer is held to full and a fixed one is noticed.
const KNOWN_OPEN: &[(&str, usize, &str)] = &[
    ("it_mental_health-p61", 12, IT41_B4),
    ("it_mental_health-p61", 18, IT41_B1),
    ("it_mental_health-p61", 19, IT41_B1),
    ("it_mental_health-p61", 20, IT41_B1),
    ("it_mental_health-p61", 21, IT41_B2),
    ("it_mental_health-p61", 43, IT41_C2),
    ("it_mental_health-p61", 52, IT41_B3),
    ("it_mental_health-p61", 68, IT41_C2),
    ("it_mental_health-p62", 1, IT42_B2),
    ("it_mental_health-p62", 2, IT42_B3),
    ("it_mental_health-p62", 3, IT42_B2),
    ("it_mental_health-p62", 4, IT42_B2),
    ("it_mental_health-p62", 5, IT42_B3),
    ("it_mental_health-p62", 8, IT42_B4),
    ("it_mental_health-p62", 31, IT42_B5),
];

// The open classes of play-it41.
const IT41_B1: &str = "B it41-B1: \"P1, P5, P7 \u{2014} no, on second thoughts P10 rather than \
                       P5\" with list items P1, P7, P10 under it read as P1, P5, P10 (or P10 \
                       alone): the correction taken back every id before it, \"rather than P5\" \
                       not ruling P5 out (row 18 also shows B2)";
const IT41_B2: &str = "B it41-B2: a risk stated without \"so X could slip\" (\"Nadia Zhang is \
                       stretched (8 of her 9 hours)\") read as no concrete risk";
const IT41_B3: &str = "B it41-B3: a mitigation without a signal phrase (\"Mikael Mendes is named \
                       as her deputy ..., and the 1:1 slots are locked in the calendar\") not \
                       read";
const IT41_B4: &str = "B it41-B4: \"a facilitated session so the team can agree how it wants to \
                       treat one another\" not read as an action on conduct";
const IT41_C2: &str = "C it41-C2: \"Moderate \u{2014} actually, no: Low\" and \"depersonalization \
                       \u{2014} actually no: ...\" in burnout read at their worst (the \
                       self-correction readers, text/correction.rs and text/hedge.rs)";

// The open classes of play-it42 (p62), all in actions read for their
// stressor; its B1 and C1 (a severity beside the other's threshold or
// conceded nearness) are read since.
const IT42_B2: &str = "B it42-B2: \"the offsite; it is optional and held within working hours \
                       so it adds nothing to anyone's week\" read as an action on overtime \
                       (rows 1 and 4 also show B3)";
const IT42_B3: &str = "B it42-B3: an on-call rota action \"... and moving quieter alert routes \
                       to business hours\" read as tackling what the profile does not call for";
const IT42_B4: &str = "B it42-B4: \"agrees a priority lock for the rest of the quarter with \
                       product\" not read as an action on roadmap changes";
const IT42_B5: &str = "B it42-B5: \"an escalation rota so the wiki escalations are shared \
                       between two or three people\" read as also aiming at understaffing";

/// Answers whose lost points are the player's own, though its verdict
/// blamed the grader (corpus, line, the criteria they lose, why): bisect
/// probes of one plan that each removed a line to find a misreading (since
/// fixed), and lose what the removed line earned. Each must lose points in
/// these criteria and in no other.
const PLAYERS_OWN: &[(&str, usize, &str, &str)] = &[
    (
        "it_mental_health-p61",
        64,
        "stressor_coverage owners",
        "wrong on purpose (its note): both leave-cover actions replaced by the absent \
         colleagues' work absorbed by the team, the class of row 65 (X); a plan that works \
         against staffing does not tackle it, whatever other line names it",
    ),
    (
        "it_mental_health-p41",
        10,
        "owners",
        "C1 decided as the rule stated: \"The engineering manager\" owning Yara's actions is a \
         role, the same on every roster, so it names no one (the instruction asks one owner \
         named from the people listed)",
    ),
    (
        "it_mental_health-p2",
        61,
        "weekly_structure",
        "the replay removed week 3's reorganisation Q&A, leaving week 3 one action on the stressors (the rubric asks two)",
    ),
    (
        "it_mental_health-p2",
        62,
        "weekly_structure",
        "the replay removed week 4's new-structure confirmation, leaving week 4 one action",
    ),
    (
        "it_mental_health-p2",
        64,
        "weekly_structure",
        "the replay removed week 4's overtime review, leaving week 4 one action",
    ),
    (
        "it_mental_health-p2",
        65,
        "weekly_structure",
        "the replay removed week 3's incident fixes, leaving week 3 one action",
    ),
    (
        "it_mental_health-p2",
        67,
        "risk",
        "the replay removed the Risk section",
    ),
    (
        "it_mental_health-p2",
        68,
        "stressor_coverage owners",
        "the replay removed the only action on staffing (cover for the two on leave)",
    ),
    (
        "it_mental_health-p2",
        69,
        "stressor_coverage owners",
        "the replay removed the only action on the on-call rota",
    ),
    (
        "it_mental_health-p2",
        79,
        "weekly_structure",
        "the replay removed week 1's on-call pool action, leaving week 1 one action",
    ),
    (
        "it_mental_health-p2",
        80,
        "weekly_structure",
        "the replay removed week 2's incident fixes, leaving week 2 one action",
    ),
    (
        "it_mental_health-p2",
        81,
        "weekly_structure",
        "the replay removed week 3's rota check, leaving week 3 one action",
    ),
    (
        "it_mental_health-p2",
        82,
        "weekly_structure",
        "the replay removed week 4's team day out, leaving week 4 one action",
    ),
    (
        "it_mental_health-p2",
        83,
        "weekly_structure",
        "the replay removed week 4's incident comparison, leaving week 4 one action",
    ),
    (
        "it_mental_health-p35",
        80,
        "red_flags",
        "C1 kept refused: \"Self-doubt about their work.\" is the rubric's word for a dimension, \
         not a concrete fact of the case, so it earns no red-flag credit",
    ),
];

fn kind(task: &str) -> Option<TaskKind> {
    match task {
        "burnout_detection" => Some(TaskKind::BurnoutDetection),
        "stress_triage" => Some(TaskKind::StressTriage),
        "intervention_plan" => Some(TaskKind::InterventionPlan),
        _ => None,
    }
}

/// The record's seed, or the seed of its validation task when the player
/// chose the task by split and index (`it_mental_health-p2`).
fn seed_of(record: &Value) -> Option<u64> {
    if let Some(seed) = record["seed"].as_u64() {
        return Some(seed);
    }
    let split = INFO.split(record["split"].as_str()?).ok()?;
    let task = INFO.task_at(split, record["index"].as_u64()?).ok()?;
    (task.task.id == record["task"].as_str()?
        && u64::from(task.difficulty) == record["level"].as_u64()?)
    .then_some(task.seed)
}

/// Whether the player judged every point the answer lost to be the
/// grader's (or lost none).
fn judged_right(record: &Value) -> bool {
    record["verdict"]["lost_points"]
        .as_array()
        .or(record["verdict"]["lost"].as_array())
        .is_none_or(|lost| {
            lost.iter().all(|l| {
                // "B?" is a grader defect the player was not sure of.
                l["class"]
                    .as_str()
                    .is_some_and(|c| c.starts_with('B') || c.starts_with('C'))
            })
        })
}

#[test]
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)] // a test may read CORPUS_NOTES
fn every_answer_the_player_judged_right_scores_full() {
    let mut failures = Vec::new();
    let mut graded = 0;
    let mut total_score = 0i64;
    for (name, corpus) in CORPORA {
        for (line, text) in corpus.lines().enumerate() {
            let Ok(record) = serde_json::from_str::<Value>(text) else {
                failures.push(format!("{name}:{}: not JSON", line + 1));
                continue;
            };
            let settled = SETTLED
                .iter()
                .any(|(n, l, _)| *n == *name && *l == line + 1);
            let other_env = record
                .get("env")
                .is_some_and(|env| env != "it_mental_health");
            if other_env || !(judged_right(&record) || settled) {
                continue;
            }
            let task = record["task"].as_str().unwrap_or("");
            // A full episode answers the three tasks in order.
            let kinds: Vec<TaskKind> = match task {
                "full_episode" => TaskKind::ALL.to_vec(),
                other => kind(other).into_iter().collect(),
            };
            let (Some(level), Some(seed)) = (record["level"].as_u64(), seed_of(&record)) else {
                failures.push(format!("{name}:{}: no level or seed", line + 1));
                continue;
            };
            let actions = record["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|a| response_of(a).is_some());
            let known = KNOWN_OPEN
                .iter()
                .find(|(n, l, _)| *n == *name && *l == line + 1);
            let own = PLAYERS_OWN
                .iter()
                .find(|(n, l, _, _)| *n == *name && *l == line + 1);
            let mut all_full = true;
            // Whether an answer was left out (a plan for a case that
            // changed): then "now scores full" says nothing.
            let mut skipped = false;
            for (kind, action) in kinds.iter().zip(actions) {
                let level = u8::try_from(level).unwrap_or(2);
                // The plans were written before levels 4 and 5 chose from a
                // catalogue: those cases are other cases now.
                if *kind == TaskKind::InterventionPlan
                    && level >= plan::CATALOGUE_LEVEL
                    && !CURRENT_CATALOGUE.contains(name)
                {
                    skipped = true;
                    continue;
                }
                let case = Case::generate_at(*kind, level, seed);
                let Some(response) = response_of(action) else {
                    continue;
                };
                graded += 1;
                let grade = case.grade(response);
                total_score += i64::from(grade.total.0);
                all_full &= grade.total.0 == 10_000;
                if grade.total.0 < 10_000 && std::env::var_os("CORPUS_NOTES").is_some() {
                    // `CORPUS_NOTES=1 cargo test ... corpus -- --nocapture`
                    // shows what the known open answers lose too.
                    println!(
                        "{name}:{} {kind:?} {:?} {:?}: {}",
                        line + 1,
                        grade.total,
                        grade.criteria,
                        grade.notes.join("\n  ")
                    );
                }
                if let Some((_, _, criteria, why)) = own {
                    let lost: Vec<&str> = grade
                        .criteria
                        .iter()
                        .filter(|(_, p)| p.0 < 10_000)
                        .map(|(c, _)| *c)
                        .collect();
                    if lost
                        .iter()
                        .any(|c| !criteria.split_whitespace().any(|e| e == *c))
                    {
                        failures.push(format!(
                            "{name}:{} ({why}) should lose only {criteria}, lost {lost:?}",
                            line + 1
                        ));
                    }
                    continue;
                }
                if grade.total.0 < 10_000 && known.is_none() {
                    failures.push(format!(
                        "{name}:{} ({} level {level} seed {seed}, {}): {:?} {:?}\n{}",
                        line + 1,
                        record["task"],
                        record["style"],
                        grade.total,
                        grade.criteria,
                        grade.notes.join("\n")
                    ));
                }
            }
            if all_full && !skipped && own.is_some() {
                failures.push(format!(
                    "{name}:{} now scores full: take it off PLAYERS_OWN",
                    line + 1
                ));
            }
            if all_full && !skipped && known.is_some() {
                failures.push(format!(
                    "{name}:{} now scores full: take it off KNOWN_OPEN",
                    line + 1
                ));
            }
        }
    }
    println!(
        "{graded} answers graded, mean score {:.4}, {} known open (grader work left), {} the \
         player's own",
        total_score as f64 / 10_000.0 / f64::from(graded.max(1)),
        KNOWN_OPEN.len(),
        PLAYERS_OWN.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {graded} answers lost points:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// A plan action that lowers the load, its outcome after an arrow (p3 row
/// 8: "drops or defers non-essential work \u{2192} overtime starts coming
/// down"), tackles the load it names in its outcome: "work" before the
/// arrow is no work set in overtime. In other wordings each keeps the
/// row's full score; work set outside hours, its outcome after an arrow,
/// still loses the overtime stressor.
#[test]
fn a_load_lowered_with_its_outcome_after_an_arrow_tackles_it() {
    let line = 8;
    let (name, corpus) = CORPORA
        .iter()
        .find(|(name, _)| *name == "it_mental_health-p3")
        .copied()
        .unwrap_or_default();
    let record: Value = corpus
        .lines()
        .nth(line - 1)
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default();
    let (Some(level), Some(seed), Some(response)) = (
        record["level"].as_u64().and_then(|l| u8::try_from(l).ok()),
        seed_of(&record),
        record["actions"][0]["response"].as_str(),
    ) else {
        panic!("{name}:{line} is not a one-task row");
    };
    let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
    const LINE: &str = "Zoltan Eriksen reviews the sprint load and drops or defers non-essential \
                        work \u{2192} overtime starts coming down.";
    assert!(response.contains(LINE), "{name}:{line}");
    let right = [
        "Zoltan Eriksen drops or defers non-essential work \u{2192} overtime starts coming down.",
        "Zoltan Eriksen defers non-essential work -> overtime comes down.",
        "Zoltan Eriksen removes low-value work from the sprint \u{2192} overtime falls.",
        "Zoltan Eriksen caps sprint work at the team's capacity \u{2192} overtime comes down.",
        "Zoltan Eriksen cuts the sprint to what fits in working hours \u{2192} overtime starts \
         coming down.",
        "Zoltan Eriksen reviews the sprint load and pushes non-urgent work to next quarter \
         \u{2192} overtime comes down.",
        "Zoltan Eriksen drops the weekend release so nobody works weekends \u{2192} overtime down.",
        "Zoltan Eriksen reviews the sprint load and defers work \u{2192} overtime comes down.",
    ];
    let wrong = [
        "Zoltan Eriksen asks everyone to work overtime \u{2192} the sprint backlog comes down.",
        "Zoltan Eriksen has the team work weekends until the sprint is done \u{2192} backlog \
         cleared.",
        "Zoltan Eriksen adds a Saturday catch-up session \u{2192} overtime down in the week.",
        "Zoltan Eriksen asks the team to stay late every evening \u{2192} overtime comes down \
         next month.",
    ];
    let mut failures = Vec::new();
    let full = case.grade(response);
    if full.total.0 != 10_000 {
        failures.push(format!(
            "{name}:{line} scores {:?}: {:?}",
            full.total, full.notes
        ));
    }
    for text in right {
        let grade = case.grade(&response.replace(LINE, text));
        if grade.total.0 != 10_000 {
            failures.push(format!(
                "right, {:?}: {text}\n{:?}",
                grade.total, grade.notes
            ));
        }
    }
    for text in wrong {
        let grade = case.grade(&response.replace(LINE, text));
        if grade.total.0 == 10_000 {
            failures.push(format!("wrong, scores full: {text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
