//! Episodes of `support_triage` played black-box by models (issue 21): over
//! HTTP (`support_triage-p1`, `support_triage-p2`, and `support_triage-p3`
//! and `-p4` at levels 3 to 5 on the records desk, `-p5` and `-p6` at
//! levels 4 and 5, `-p6` partly over MCP, `-p7` at levels 1 to 5, partly
//! over MCP)
//! and over MCP alone (`mcp-p2`, `mcp1`), never reading the source, each kept with
//! the player's own verdict of every point it lost (A: its own mistake, B:
//! a grader defect, C: an instruction with two readings). Every episode is replayed from its
//! actions. Each one the player judged right, and each one whose lost
//! points were all the grader's (B or C), must score full: a point lost
//! there is a grader defect. Episodes with a point the player called its
//! own mistake are replayed too, and must score what they scored.
//!
//! The corpus files are the raw ones under `player_corpus/`; the episodes
//! are reset by split and index (or, over MCP, by task, level and seed).
//! An episode whose tickets the generator has changed since it was played
//! (its final feedback names other gold labels or another case) is no
//! longer the one the player answered: its reply, when it has one, is read
//! instead on a generated ticket of the case it answered, with that
//! ticket's id and account email, and must earn the reply's meaning
//! criteria (handling and compliance; the name and the times belong to the
//! ticket played).
#![cfg(not(target_arch = "wasm32"))]

mod player_corpus_common;
mod support_triage_corpus;

use env_wasm::Points;
use env_wasm::{AnyEnv, ResetDefaults, registry};
use player_corpus_common::{Verdict, exploit_shown, query, reset_options, verdict_of};
use serde_json::Value;
use support_triage_corpus::{Fixture, fixtures, grade};

/// A corpus: its name, its episodes, and whether it was played on the
/// desk of levels 4 and 5 as it is now (every corpus so far played levels
/// 4 and 5 before they were rebuilt: the records desk, then its knowledge
/// base).
struct Corpus {
    name: &'static str,
    text: &'static str,
    current_records_desk: bool,
}

const CORPORA: &[Corpus] = &[
    Corpus {
        name: "support_triage-p1",
        text: include_str!("player_corpus/2026-12-02/support_triage-p1/episodes.jsonl"),
        current_records_desk: false,
    },
    Corpus {
        name: "support_triage-p2",
        text: include_str!("player_corpus/2026-12-02/support_triage-p2/episodes.jsonl"),
        current_records_desk: false,
    },
    Corpus {
        name: "mcp-p2",
        text: include_str!("player_corpus/2026-12-02/mcp-p2/episodes.jsonl"),
        current_records_desk: false,
    },
    // Levels 3 to 5 on the records desk, support_triage alone (its rows
    // name no environment). The player classed every lost point B or C.
    // Levels 4 and 5 have a knowledge base and tickets that need nothing
    // since (issue 22): their episodes there are other tickets now.
    Corpus {
        name: "support_triage-p3",
        text: include_str!("player_corpus/2026-12-02/support_triage-p3/episodes.jsonl"),
        current_records_desk: false,
    },
    // Levels 3 to 5 on main after issue 21's second landing, each lost
    // point with its verdict (`verdicts`); the report is beside it. Played
    // before levels 4 and 5 gained the knowledge base, as p3.
    Corpus {
        name: "support_triage-p4",
        text: include_str!("player_corpus/2026-12-02/support_triage-p4/episodes.jsonl"),
        current_records_desk: false,
    },
    // Levels 4 and 5 (validation split), 15 episodes, 15 more on the hard
    // cases the required seeds did not draw, and 26 one-phrase replays
    // (`probe_of`) that isolate two misreadings: a limit on what the desk
    // can refund or waive read as a promise, and a state the desk works
    // towards ("once we have made sure your account is secure") read as
    // an all-clear. The report is beside it.
    Corpus {
        name: "support_triage-p5",
        text: include_str!("player_corpus/2026-12-03/support_triage-p5/episodes.jsonl"),
        current_records_desk: true,
    },
    // Levels 4 and 5 (validation split) on st22b, over HTTP and MCP
    // (`tool` with `arguments`): the 15 episodes of the brief and 5 extra
    // hard ones. Its three B rows (lines 9, 17, 19) are the verification
    // link sent to the account email, an earlier waiver given as the
    // reason, and "reply to this email" beside "your account" read as an
    // identity check. The report is beside it.
    Corpus {
        name: "support_triage-p6",
        text: include_str!("player_corpus/2026-12-03/support_triage-p6/episodes.jsonl"),
        current_records_desk: true,
    },
    // Levels 1 to 5 (validation split) on main, over HTTP and MCP
    // (`tool` with `arguments`): 37 episodes and 15 one-phrase replays
    // (`replay`). Its two B rows are a sign-off naming our own team read
    // as naming a team (line 3) and a refund approved with a long subject
    // missed (line 16). The report is beside it.
    Corpus {
        name: "support_triage-p7",
        text: include_str!("player_corpus/2026-12-03/support_triage-p7/episodes.jsonl"),
        current_records_desk: true,
    },
    // Levels 1 to 5 (validation split, indices from 6 up) on main at
    // 104a3eb, over HTTP and MCP (`tool` with `arguments`): 32 episodes and
    // three one-phrase replays (`replay_of`). Its one B row: "within 4
    // hours of your message" read as a period, not a time for our next
    // response (line 9, replays on lines 10-12). The report is beside it.
    Corpus {
        name: "support_triage-p8",
        text: include_str!("player_corpus/2026-12-04/support_triage-p8/episodes.jsonl"),
        current_records_desk: true,
    },
    // The second play of 4 December (play-st9): levels 1-5, mostly hard
    // at 3-5, on main at ec4d775, indices 130-269, 49 episodes (28 lines
    // over MCP) and 13 one-phrase replays, replies in many registers. Its
    // six B classes are in its report beside it.
    Corpus {
        name: "support_triage-p9",
        text: include_str!("player_corpus/2026-12-04/support_triage-p9/episodes.jsonl"),
        current_records_desk: true,
    },
    // The third play of 4 December (play-st10): hard at levels 3-5 mostly,
    // on main at a57cacb, indices 307-464, 36 episodes (10 over MCP) and
    // three one-phrase replays, everyday idioms and hedged steps. Its two
    // B rows: a refusal with "given the earlier waiver" read as waiving
    // (line 18, replay 19), and a step asked indirectly ("clicking the
    // link there (or emailing us from that address) is all it takes",
    // line 37). The report is beside it.
    Corpus {
        name: "support_triage-p10",
        text: include_str!("player_corpus/2026-12-04/support_triage-p10/episodes.jsonl"),
        current_records_desk: true,
    },
    // The fourth play of 4 December (play-st11): every task at levels 1-5,
    // 31 over HTTP and 6 over MCP, idiomatic and indirect requests, and
    // four one-phrase replays. Its B rows: "all that's needed (to get this
    // moving) is ..." (lines 6, 31), "just pop it in a reply here" (line
    // 11), "within the next couple of hours" (line 29).
    Corpus {
        name: "support_triage-p11",
        text: include_str!("player_corpus/2026-12-04/support_triage-p11/episodes.jsonl"),
        current_records_desk: true,
    },
    // The fifth play of 4 December (play-st12): levels 1-5, mostly hard at
    // 4-5, 4 lines over MCP, agents of several countries and registers,
    // and four one-phrase replays. Its B rows: a need in the passive ("a
    // message from <account email> ... will be needed once you are back",
    // line 10) and "just shoot us a reply ... with the number" (lines 15, 16).
    Corpus {
        name: "support_triage-p12",
        text: include_str!("player_corpus/2026-12-04/support_triage-p12/episodes.jsonl"),
        current_records_desk: true,
    },
    // The sixth play of 4 December (play-st13): 22 first plays (12 at
    // level 5) and 20 replays, 5 over MCP, warm and crisp replies, teams in
    // the agent's own words. Its B rows: sympathy for "a charge for an
    // add-on you had already cancelled" read as a refund promise (line 4),
    // "the specialists who look after account security" as no team (line
    // 16), and a pro-rating's "eleven months of that term" read as our
    // next response's time (line 26 and its replays). Line 32 repeats 33.
    Corpus {
        name: "support_triage-p13",
        text: include_str!("player_corpus/2026-12-04/support_triage-p13/episodes.jsonl"),
        current_records_desk: true,
    },
    // The seventh play of 4 December (play-st14, on the sixth play's
    // fixes): 17 first plays (9 at level 5), all 1.00, and 8 one-phrase
    // replays, 8 lines over MCP. Its C rows: "will process your deletion
    // request" and "... your refund request" read as the outcome (21, 25).
    Corpus {
        name: "support_triage-p14",
        text: include_str!("player_corpus/2026-12-04/support_triage-p14/episodes.jsonl"),
        current_records_desk: true,
    },
    // The eighth play of 4 December (play-st15, on the seventh play's
    // fixes): 27 first plays (15 at level 5, 9 at level 4) and 7 replays,
    // 11 over MCP, terse, warm, formal British and markdown replies. Its B
    // rows: where to find the invoice number ("in the receipt email") read
    // as asking to write from the account's address under a "What we need
    // from you" title (line 26), and that list under "One thing from you"
    // read as asking nothing (line 28).
    Corpus {
        name: "support_triage-p15",
        text: include_str!("player_corpus/2026-12-04/support_triage-p15/episodes.jsonl"),
        current_records_desk: true,
    },
    // The ninth play of 4 December (play-st16, on the eighth play's
    // fixes): 20 first plays (15 at level 5) and 7 replays, 8 over MCP,
    // second-language English, numbered next steps, the rule restated,
    // one paragraph with a P.S. Its B rows: a list item asking for "a new
    // password you have not used elsewhere" waived the next item and
    // itself (16, 17, 21, 22): a sentence closed with a stop introduces no
    // list, and a negated verb inside a list's head is not the head's own.
    Corpus {
        name: "support_triage-p16",
        text: include_str!("player_corpus/2026-12-04/support_triage-p16/episodes.jsonl"),
        current_records_desk: true,
    },
    // The tenth play of 4 December (play-st17, on the ninth play's fixes):
    // 21 first plays (19 at levels 4-5) and 3 replays, 8 over MCP, bold
    // headings, conditions and negations, a short email, casual American
    // English. Its B rows: "if anything else is needed, the privacy officer
    // will contact you at your account email" read as asking to verify
    // (2, 3); "your account has not had a late fee waived before" read as
    // declining the waiver it grants (14, 24).
    Corpus {
        name: "support_triage-p17",
        text: include_str!("player_corpus/2026-12-04/support_triage-p17/episodes.jsonl"),
        current_records_desk: true,
    },
    // The eleventh play of 4 December (play-st18, on the tenth play's
    // fixes): 14 first plays (12 at levels 4-5) and 6 replays, 5 over MCP,
    // every label right; mean 0.857. Its B rows: aftercare "if the refund
    // has not appeared after 10 business days, reply" read as declining
    // the refund (1); a "What we need from you" list opening "Nothing at
    // all" read as asking for the invoice number (6-8); declining the
    // used part of a pro-rated refund beside the part granted read as
    // declining the refund (11); all read since. Open: a sentence on the
    // identity check before a deletion read as promising it (13).
    Corpus {
        name: "support_triage-p18",
        text: include_str!("player_corpus/2026-12-04/support_triage-p18/episodes.jsonl"),
        current_records_desk: true,
    },
    // The twelfth play of 4 December (play-st19, on 8f0222a): 22 first
    // plays (13 at level 5, five queues at levels 4-5) and 6 replays, in
    // headed sections, terse, warm with asides, numbered steps and British
    // dates. Its B class: the customer's request restated as "You've asked
    // us to refund the ... charge" read as promising the refund (17, 19,
    // 21, 25); read since.
    Corpus {
        name: "support_triage-p19",
        text: include_str!("player_corpus/2026-12-04/support_triage-p19/episodes.jsonl"),
        current_records_desk: true,
    },
    // The thirteenth play of 4 December (play-st20, on 8f0222a): 17 first
    // plays (10 at level 5, a queue of 12 among them) and 2 replays, in
    // American English, the request restated first, bulleted summaries, a
    // P.S., the policy's rule given as the reason. Its B rows: the request
    // restated as "You asked us to refund the charge ..., since you had
    // cancelled it" (9) and the desk's refund window given as the reason
    // ("Our rules let the support desk refund that add-on only within 14
    // days") (11), read as promising the refund; read since.
    Corpus {
        name: "support_triage-p20",
        text: include_str!("player_corpus/2026-12-04/support_triage-p20/episodes.jsonl"),
        current_records_desk: true,
    },
    // The fourteenth play of 4 December (play-st21, on e2cb44d): 17 first
    // plays (10 at level 5) and 1 replay, formal account-manager letters,
    // chat-length replies, the records checked spelt out, apologies with a
    // summary line, Australian English; every one 1.00.
    Corpus {
        name: "support_triage-p21",
        text: include_str!("player_corpus/2026-12-04/support_triage-p21/episodes.jsonl"),
        current_records_desk: true,
    },
    // The fifteenth play of 4 December (play-st22, on db423d2): 17 first
    // plays (10 at level 5) and 2 replays, service-desk phrasing with bold
    // facts, clear refusals, mixed "Next steps" lists, bracketed amounts,
    // Indian English. Its B row: "including your note that the add-on was
    // cancelled before it renewed" beside an escalation read as promising
    // the refund ("that" after a noun read as standing for the refund)
    // (10); read since.
    Corpus {
        name: "support_triage-p22",
        text: include_str!("player_corpus/2026-12-04/support_triage-p22/episodes.jsonl"),
        current_records_desk: true,
    },
    // A paraphrase stress (play-para-st, on db423d2): six hard tickets at
    // levels 3-5, each played once and replayed with 12 other correct
    // replies (tone, layout, order, asides), and 7 diagnostic replays: 85
    // rows. Its B classes are listed in the corpus README; all read since.
    Corpus {
        name: "support_triage-p23",
        text: include_str!("player_corpus/2026-12-04/support_triage-p23/episodes.jsonl"),
        current_records_desk: true,
    },
    // A second paraphrase stress (play-para-st2, on 4bd364b): six other
    // hard tickets at levels 3-5, 12 other correct replies each: 78 rows.
    Corpus {
        name: "support_triage-p24",
        text: include_str!("player_corpus/2026-12-04/support_triage-p24/episodes.jsonl"),
        current_records_desk: true,
    },
    // A third paraphrase stress (play-para-st3, on 37443b6): six other
    // hard tickets at levels 3-5, 12 other correct replies each: 78 rows.
    Corpus {
        name: "support_triage-p25",
        text: include_str!("player_corpus/2026-12-05/support_triage-p25/episodes.jsonl"),
        current_records_desk: true,
    },
    // A fourth paraphrase stress (play-para-st4, on a79c638): six other
    // hard tickets at levels 3-5, 12 other correct replies each: 78 rows.
    Corpus {
        name: "support_triage-p26",
        text: include_str!("player_corpus/2026-12-05/support_triage-p26/episodes.jsonl"),
        current_records_desk: true,
    },
    // A fifth paraphrase stress (play-para-st5, on bin14): ten hard
    // tickets at levels 3-5, 12 other correct replies each, 16 one-phrase
    // replays and 6 medium queues at level 5: 154 rows. Its B rows: "it"
    // standing for the invoice number or the refund a sentence or a
    // heading before (6, 21), an outcome as a label's value or a list item
    // with no subject (19, 28, 61, 66, 70, 73), a verbless "Next update
    // ..." line (104, 106, 108), and a refund window's length read as a
    // settlement date (131, 137, 139). The report is beside it.
    Corpus {
        name: "support_triage-p27",
        text: include_str!("player_corpus/2026-12-05/support_triage-p27/episodes.jsonl"),
        current_records_desk: true,
    },
    // A sixth paraphrase stress (play-para-st6, on ebbeaeb): twelve hard
    // tickets at levels 3-5, 12 other correct replies each, 24 one-phrase
    // replays and probes and 6 medium queues at level 5: 186 rows. Its B
    // rows: a charge cancelled where the fee is (13), "we'll need to hear
    // from you at" the account email (35), an "add-on" charge read as
    // turning a setting on (81, 82), a negation over two coordinated
    // objects (112, 122-124), a part of a refund declined beside it granted
    // (94, 98, 105), an outcome as a label with no verb, or in plain words
    // (95, 103, 152, 171), a note with no subject and an amount in words
    // (104, 169); C: a reminder to keep writing from the account email on
    // a verified request (132). The report is beside it.
    Corpus {
        name: "support_triage-p28",
        text: include_str!("player_corpus/2026-12-05/support_triage-p28/episodes.jsonl"),
        current_records_desk: true,
    },
    // A seventh paraphrase stress (play-para-st7, on 264673c): four hard
    // tickets at levels 4-5, 8 other correct replies each and 10 one-phrase
    // confirmations: 46 rows. Its B rows: "hit the verification link"
    // (36, 41), "we kindly ask that, ..., you either follow" (37, 43), and a
    // commitment written as a markdown table row (26, 44, 45). The report
    // is beside it.
    Corpus {
        name: "support_triage-p29",
        text: include_str!("player_corpus/2026-12-05/support_triage-p29/episodes.jsonl"),
        current_records_desk: true,
    },
    // An eighth paraphrase stress (play-para-st8, on 42cc0fa): seven hard
    // tickets at level 5, each played once and with 7 other replies, eight
    // more played once at levels 3-5 (one a medium queue), one-phrase
    // confirmations and probes: 89 rows.
    // Its B rows: the account's history as the policy's condition ("no
    // waiver in the last six months") read as a decline (9, 65), "the team
    // responsible for its design" (14, 69), a goodwill credit considered
    // and rejected (17, 66), "I should be grateful if, on your return, you
    // would" (24, 32, 73), "a device it hadn't seen before" (42, 68), "It
    // has been issued" after the refund (49, 67), one quoted sentence of
    // the ticket (58, 74), "Support (me): sends you an update" (60), and
    // an FAQ question ending "(INV-...)?" (83). Line 89 is a deliberate
    // probe (A). The report is beside it.
    Corpus {
        name: "support_triage-p30",
        text: include_str!("player_corpus/2026-12-05/support_triage-p30/episodes.jsonl"),
        current_records_desk: true,
    },
    // A ninth paraphrase stress (play-para-st9, on 2dd3bd1): six hard
    // tickets at level 5, each played once and with 7 other replies, eight
    // more played once at level 5 (one a medium queue, one easy), natural
    // replays and one-phrase confirmations: 79 rows. Its B rows: "I can
    // see" before a past goodwill refund (4-8), a restated request "to have
    // your data erased" (15, 16, 77), a passive request to secure the
    // account ("you are asked to remove", "you are strongly advised to
    // reset", 34, 74), "reset any admin or shared passwords" (36), the
    // legal team reviewing "the payments on INV-..." (44, 45), and a
    // waiver limit stated with "can only waive ... up to" (68, 71). The
    // report is beside it.
    Corpus {
        name: "support_triage-p31",
        text: include_str!("player_corpus/2026-12-05/support_triage-p31/episodes.jsonl"),
        current_records_desk: true,
    },
    // A tenth paraphrase stress (play-para-st10, on 6aa9d75): six hard
    // tickets at level 5, 7 other replies each, five more level-5 cases and
    // 15 one-phrase replays and probes: 70 rows. Its B rows: a request to
    // secure the account in the passive ("It is essential that the exposed
    // API key is revoked ...", "... should be revoked and replaced by
    // you", 4, 11), "I'd expect it to reach you within ..." (the refund,
    // 15, 22), a restated request with a passive infinitive ("You asked
    // for ... the personal data ... to be deleted", 27, 33), "Our article
    // KB-217 covers incident INC-7777" (38, 42, 44), and the policy's
    // fixed rate quoted in a pro-rated refund (55; 63 and 64 were C, the
    // policy now says a rate is no amount).
    Corpus {
        name: "support_triage-p32",
        text: include_str!("player_corpus/2026-12-05/support_triage-p32/episodes.jsonl"),
        current_records_desk: true,
    },
    // An eleventh paraphrase stress (play-para-st11, on 4403acd): six hard
    // tickets at level 5, 7 other replies each, five more level-5 cases and
    // 9 one-phrase replays and probes: 63 rows. Its B rows: a restated
    // request with "asking that we remove ..." (2), "before lunchtime
    // today, by 1pm at the latest" read as 17:00 (5; 63 was C, the policy
    // now reads parts of the day as times), "You won't need to pay
    // anything extra" read as a refund (18, 20), "we'll return to it" (a
    // topic) read as money returned (38, 41), and "a fee you feel you
    // shouldn't have been charged" read as a waiver (46, 51).
    Corpus {
        name: "support_triage-p33",
        text: include_str!("player_corpus/2026-12-05/support_triage-p33/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twelfth paraphrase stress (play-para-st12, on a1d0b40): six hard
    // tickets at level 5, 7 other replies each, four more level-5 cases and
    // 16 one-phrase replays and probes: 72 rows. Its B rows: "I have taken
    // the £42.00 late fee off INV-87195" not read as a waiver (6, 10),
    // "the colleague responsible for data requests" read as admitting
    // fault (18, 25), clock times in words ("a quarter to twelve", "half
    // past eleven", 19, 23), a refund committed through "which I will
    // send" or "I will send it" (31, 35, 37), "covering both the charge"
    // (the scope of a review) read as a refund (41, 72), and "just as your
    // finance team closes the month" read as a settlement date (45).
    Corpus {
        name: "support_triage-p34",
        text: include_str!("player_corpus/2026-12-05/support_triage-p34/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirteenth paraphrase stress (play-para-st13, on 0ecc26c): six hard
    // tickets at level 5, 7 other replies each, four more level-5 cases, two
    // extras and 14 one-phrase replays and probes: 68 rows. Its B rows: "our
    // goodwill refunds are for customers of five full years" (a rule of
    // eligibility) read as committing to a refund (43, 51, 54, 62), and
    // "would you prefer that update by email, or a phone call to the number
    // on your account?" (a channel for our update) read as asking the
    // customer to verify their identity from the account email (48, 57, 64).
    Corpus {
        name: "support_triage-p35",
        text: include_str!("player_corpus/2026-12-05/support_triage-p35/episodes.jsonl"),
        current_records_desk: true,
    },
    // A fifteenth paraphrase stress (play-para-st14, on d1dbb35): six hard
    // tickets at level 5, 7 other replies each, four more level-5 cases, an
    // extra and 24 one-phrase replays and probes: 77 rows. Its B rows: "refund
    // of CA$390.00 (6 unused months ...) approved; issued today" (a verb
    // after a parenthesis in a telegraphic sentence) not read as a refund
    // (25, 30, 67), a question "Can we refund INV-...?" read as a promise
    // (33, 70, 74), and "it is not possible for us to rule on the late fee or
    // the other charges" (negation through coordination) read as waiving the
    // fee (34, 40, 42, 43, 44, 46, 77). Its C rows (12, 13, 19): the waived
    // fee credited back when it was already collected, which the policy now
    // names as the waiver carried out.
    Corpus {
        name: "support_triage-p36",
        text: include_str!("player_corpus/2026-12-05/support_triage-p36/episodes.jsonl"),
        current_records_desk: true,
    },
    // A sixteenth paraphrase stress (play-para-st15, on 1f7f3c6): six hard
    // tickets at level 5, 7 other replies each, four more level-5 cases, an
    // extra and confirmations and probes: 76 rows. Its B rows: the
    // customer's company "Rowan Legal Aid" read as naming the legal team (2,
    // 10, 12), requests in the passive ("the verification link ... should
    // be clicked", "it should be sent to us") not read as requests (15, 23,
    // 76), "our goodwill refund article (KB-816)" read as a refund (28, 32,
    // 33, 34), "With kind regards," not read as a sign-off, so the job title
    // under it named the billing team (39, 46, 74), and "reply ... with the
    // invoice line and the amount you see" read as asking for the invoice
    // number (45, 72). Its A row (30): "An annual plan charged more than 30
    // days ago is refunded pro rata ..." in an escalated case.
    Corpus {
        name: "support_triage-p37",
        text: include_str!("player_corpus/2026-12-05/support_triage-p37/episodes.jsonl"),
        current_records_desk: true,
    },
    // A seventeenth paraphrase stress (play-para-st17, on 1f9ee9d): six
    // hard tickets at level 5, 6 other replies each, a medium queue and 16
    // one-phrase probes: 59 rows, each with its verdict as a string ("full",
    // "B: ..."). Its B rows: "it" after "I've approved a full refund ... as
    // a goodwill gesture" read as a credit (1, 2, 7, 23), an outcome noun
    // as a table's value ("| Outcome | Full refund |", "| Outcome | Full
    // fee waiver |") not read as granted (12, 57), and a time only in a
    // table's "Next update" column not read as our next response (51, 55).
    Corpus {
        name: "support_triage-p38",
        text: include_str!("player_corpus/2026-12-05/support_triage-p38/episodes.jsonl"),
        current_records_desk: true,
    },
    // An eighteenth paraphrase stress (play-para-st18, on de529a9): six
    // hard tickets at level 5, 6 other replies each, three extra cases, a
    // medium queue and one-phrase probes: 80 rows, verdicts as strings. Its
    // B rows: a waived fee given back called "the amount", "that money" or
    // "it" beside "with your payment" read as a refund (30, 34, 36, 37, 39,
    // 43, 44, 48, 51, 54, 55), and a request written as a condition ("As
    // soon as you send the invoice number, ...", "Once you have written to
    // us from your account address ...") or as a "Needed from you" cell
    // not read as asking (66, 70, 73-75, 77, 78). Its A rows (15, 20): a
    // next response one minute past the urgent SLA.
    Corpus {
        name: "support_triage-p39",
        text: include_str!("player_corpus/2026-12-05/support_triage-p39/episodes.jsonl"),
        current_records_desk: true,
    },
    // A nineteenth paraphrase stress (play-para-st19, on 1d9ea28): six hard
    // tickets at level 5, 6 other replies each, a medium queue and 13
    // one-phrase probes: 56 rows, each with its verdict as a string. Its B
    // rows: what we will come back to put before us ("The VAT number on
    // invoice INV-33321 we'll come back to after the security matter", "The
    // late fee on invoice INV-35987 we will come back to after that
    // review") read as committing to a refund (12, 15, 18, 44, 45). Line 12
    // also holds the player's own A, a time past the SLA (line 22 alone).
    Corpus {
        name: "support_triage-p40",
        text: include_str!("player_corpus/2026-12-05/support_triage-p40/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twentieth paraphrase stress (play-para-st20, on e08ab89): six hard
    // tickets at level 5, 5 other replies each, a medium queue and 5
    // one-phrase probes: 42 rows, each with its verdict as a string. Its B
    // rows: "a known fault on our payment page" (a malfunction of a thing)
    // read as admitting fault or liability (16, 40).
    Corpus {
        name: "support_triage-p41",
        text: include_str!("player_corpus/2026-12-05/support_triage-p41/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-first paraphrase stress (play-para-st21, on 9eb4ae1): six
    // hard tickets at levels 3-5, 5 to 7 other replies each, a medium
    // queue, two extra deletion cases and one-phrase probes: 54 rows,
    // verdicts as `lost_points`. Its B rows (23, 49): "please either click
    // the link we emailed to <account email> or send us a message from
    // that account" not read as asking to verify from the account email.
    Corpus {
        name: "support_triage-p42",
        text: include_str!("player_corpus/2026-12-06/support_triage-p42/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-second paraphrase stress (play-para-st22, on bin33): six
    // hard tickets at levels 3-5, 6 other replies each, two reproduction
    // cases, a medium queue and one-phrase probes: 83 rows, verdicts as
    // `lost_points`. Its B1 rows (13, 15, 16, 19, 22, 67, 72): the
    // customer's complaint restated with its invoice, amount and date ("You
    // have told us you've been billed a third time (INV-75883, $443.00)
    // despite cancelling on 16 October") read as a refund. Its B2 rows (33,
    // 36, 79, 81, 82): "It has been taken off your account, and if it was
    // already collected ... it will be credited back to your card" read as
    // a second outcome. Its A row (12): a time past the 4-hour SLA.
    Corpus {
        name: "support_triage-p43",
        text: include_str!("player_corpus/2026-12-06/support_triage-p43/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-third paraphrase stress (play-para-st23, on bin34): six
    // hard tickets at levels 3-5, 6 other replies each and one-phrase
    // probes: 46 rows, verdicts as `lost_points`. Its B rows (4, 9): a
    // waived fee given back in a bullet of its own with its subject left
    // out ("- Late fee on INV-36840 ($49.00): waived" then "- If already
    // paid: refunded to your card within 5 business days") read as a
    // second outcome.
    Corpus {
        name: "support_triage-p44",
        text: include_str!("player_corpus/2026-12-06/support_triage-p44/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-fourth play-test (play-st24, on bin35): six hard tickets at
    // levels 3-5, 6 other replies each, a medium level-4 queue and
    // one-phrase probes: 65 rows, verdicts as `lost_points`, each B with
    // its class. Its B1 rows (8, 15, 16): "past the 30-day window for a
    // desk refund, so I can't approve it myself" read as a refund ("desk"
    // taken for the subject of "refund"). Its B2 rows (9, 17, 19): "refunds
    // of charges that old aren't something I'm able to authorise" read as
    // a refund. Its B3 and B4 rows are open (`KNOWN_OPEN`). Its A row
    // (35): a time past the 4-hour SLA.
    Corpus {
        name: "support_triage-p45",
        text: include_str!("player_corpus/2026-12-06/support_triage-p45/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-fifth play-test (play-st25, on bin36): six hard tickets at
    // levels 3-5, 6 other replies each and one-phrase probes: 53 rows,
    // verdicts as `lost_points`. Its B1 rows (39, 43, 45, 46, 48, 51, 52):
    // a degree complement, "too old for the desk to refund" or "too old to
    // be refunded by the desk", read as a refund.
    Corpus {
        name: "support_triage-p46",
        text: include_str!("player_corpus/2026-12-06/support_triage-p46/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-sixth play-test (play-st26, on 7b48eb7, after the round 25
    // fixes): six hard tickets at levels 3-5, 6 other replies each, a
    // seventh hard case, a medium queue at level 4, an easy ticket at
    // level 5 and probes: 58 rows, no B or C. Its A row (51): "by
    // lunchtime today" (13:00) past a 4-hour SLA.
    Corpus {
        name: "support_triage-p47",
        text: include_str!("player_corpus/2026-12-06/support_triage-p47/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-seventh play-test (play-st27, on f7e21b3): a medium queue
    // at levels 3, 4 and 5, hard tickets at levels 4 and 5, an easy ticket
    // at level 5, 6 other replies each and probes: 57 rows. Its B rows
    // (10, 17, 18, 24, 54): "Next update: by the end of tomorrow", a day
    // after "the end of" with no verb, not read as a time.
    Corpus {
        name: "support_triage-p48",
        text: include_str!("player_corpus/2026-12-06/support_triage-p48/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-eighth play-test (play-st28, on 7a6d970): hard tickets at
    // levels 3, 4 and 5, an easy ticket at level 4 and medium queues at
    // levels 4 and 5, 6 other replies each and probes: 57 rows. Its B rows
    // (46, 55, 56, 57): the fee given back with a longer noun phrase, "credit
    // the $53.00 late fee back to your card" or "... to your card", read as
    // a credit rather than the waiver carried out.
    Corpus {
        name: "support_triage-p49",
        text: include_str!("player_corpus/2026-12-06/support_triage-p49/episodes.jsonl"),
        current_records_desk: true,
    },
    // A twenty-ninth play-test over MCP alone (play-st29, on 7a6d970): hard
    // tickets at levels 1, 2 and 3, medium queues at levels 2 and 3 and an
    // easy ticket at level 3, 6 other replies each and probes: 55 rows. Its
    // B rows (15, 18, 27, 29, 32-34, 54, 55): a waiver told as done after a
    // reporting verb ("I'm pleased to say we've waived", "I can confirm we
    // have waived") lost the next step, the verb's "to" or "can" read as
    // the outcome's tense.
    Corpus {
        name: "support_triage-p50",
        text: include_str!("player_corpus/2026-12-06/support_triage-p50/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirtieth play-test (play-st30, on 7a6d970): six hard tickets at
    // levels 4 and 5 (a legal threat, an unverified deletion, a waiver a
    // plan article allows, a security incident, a refund with no invoice
    // number, a pro-rated refund over the limit), 6 other replies each and
    // 18 probes: 60 rows. Its B1 rows (23, 28-30, 36, 37, 39): the negation
    // of a relative clause ("the sign-in you did not recognise") reached the
    // predicate of its noun, hiding the security team or denying a
    // compromise. B2 (25, 34, 35): a pseudo-cleft ask ("What you can do is
    // reset your password") was no request. B3 (44, 48): "(INV-...)" ended
    // the sentence, so "it" in the next one lost the number. C1 (51, 57,
    // 58), judged a misreading: the refund rule said of any annual plan was
    // read as a refund promised. All read since.
    Corpus {
        name: "support_triage-p51",
        text: include_str!("player_corpus/2026-12-06/support_triage-p51/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-first play-test (play-st31, on 7a6d970): hard tickets at
    // levels 2-5 and medium queues at levels 3 and 5, 6 other replies each
    // and probes: 51 rows. Its B1 rows (24, 30, 32, 34, 35): "pls" / "plz"
    // not read as "please", so the request (and with it the next step) was
    // missed; read since. Its B2 rows (21, 38): the steps of a "What
    // happens next:" list in the present ("1. You revoke the key", "3. We
    // send you an update within the hour") were no request and no time;
    // read since.
    Corpus {
        name: "support_triage-p52",
        text: include_str!("player_corpus/2026-12-06/support_triage-p52/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-second play-test (play-st32, on 0b43a14): hard tickets at
    // levels 1, 3 and 5, medium and easy at level 2, 6 other replies each,
    // probes and wrong answers: 68 rows. Its B1 rows (11, 13, 15, 16):
    // where to find the invoice reference ("from your billing email", "from
    // the email we sent with the charge") read as asking to write from the
    // account's address. B2 (31): "get in touch again from your work
    // address" was no such ask. Both read since. Its X rows (wrong replies
    // that kept their points) lose them since: a deletion promised with a
    // phrase between subject and verb (36, 38, 39: "As soon as you do, your
    // data, backups included, will be erased") and a late time to "be back
    // in touch" (21, 23, 24, 65, 67).
    Corpus {
        name: "support_triage-p53",
        text: include_str!("player_corpus/2026-12-07/support_triage-p53/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-third play-test over MCP alone (play-st33, on 0b43a14): hard
    // tickets at levels 2, 4 and 5, a medium queue at level 5 and an easy
    // ticket at level 4, replays, probes and wrong answers: 56 rows. Its B1
    // rows (1, 4, 5, 52): a past waiver on record ("a late fee has already
    // been waived on your account within the past year", "we waived a late
    // fee for you last August", "you already had a late fee waived") read
    // as waiving this fee. B2 (24, 32): the title "Update on T-5043:" read
    // as an imperative asking for the invoice after it. Both read since.
    Corpus {
        name: "support_triage-p54",
        text: include_str!("player_corpus/2026-12-07/support_triage-p54/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-fourth play-test over MCP alone (play-st34, on 7ec7716): hard
    // tickets at levels 3, 4 and 5 (two), a medium queue at level 3 and an
    // easy ticket at level 5, 6 other replies each, probes and wrong
    // replies: 173 rows. All its B, C and X rows are read since. B1 (7,
    // 13, 19, 168, 171, 172, 173): the customer's request restated with a
    // modifier between the request and what it asks ("your request under
    // the GDPR to erase your account") is no promise. X1 (26, 32, 37, 39,
    // 143): deletion promised as the state after it ("your account will no
    // longer exist", "consider your account closed"). X2 (149, 150, 154): a
    // deletion that waits on the customer ("the erasure goes ahead"). B2
    // (73, 77, 78, 131): "credit the $120.00 for the Advanced Reports
    // add-on back to your card" is the refund. C1 (117): beside a 4-hour
    // update, "our full response within one month" is no next response.
    // X3 (65, 68, 69): an identity ask without the account email ("Please
    // verify your identity", a photo ID) is not section 4's. X4 (67, 70): a
    // passport, utility bill or date of birth asked for breaks section 5.
    // X7 (48): a refund of $100.00 on a $148.00 invoice is not the refund
    // owed.
    Corpus {
        name: "support_triage-p55",
        text: include_str!("player_corpus/2026-12-07/support_triage-p55/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-fifth play-test over HTTP (play-st35, on abf1783): medium
    // queues at levels 4 and 5, hard tickets at levels 2, 4 and 5, an easy
    // ticket at level 4, 6 other replies each, probes and wrong replies: 136
    // rows. C1 (39): "As soon as we hear from you at <account email>, ..."
    // asks to write from it. X2 (47, 50, 56, 57): an all-clear in a
    // predicate coordinated after another ("Your data is secure and has not
    // been shared with anyone") or passive. X3 (55): the last four digits
    // of the card asked for. B1 (130): a noun phrase under "Action taken:"
    // ("- Full refund of $377.00 to your card, today.") is the refund done.
    Corpus {
        name: "support_triage-p56",
        text: include_str!("player_corpus/2026-12-07/support_triage-p56/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-sixth play-test over MCP alone (play-st36, on 7676935): hard
    // tickets at levels 5, 4 and 3, medium queues at levels 5 and 3, an easy
    // ticket at level 5, 6 other replies each, probes and wrong replies: 137
    // rows (the lead added class A to the 32 wrong replies and probe
    // controls whose note judges the deduction right). st35-X3 (36): a card
    // detail joined by "and" as a bare noun ("the last four digits and
    // expiry date of your new card") is asked for. X3 (121): a rule given
    // as good news of the customer's case ("Good news is that add-ons
    // cancelled before renewal are always refunded") promises the refund.
    // B2 (103, "I'm happy to do that"): the grant is read; its missing time
    // is the player's own by policy (`OWN_PART_LEFT`).
    Corpus {
        name: "support_triage-p57",
        text: include_str!("player_corpus/2026-12-07/support_triage-p57/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-seventh play-test over HTTP (play-st37, on 9011433): hard
    // tickets at levels 5, 4 and 3, medium queues at levels 5 and 4, an easy
    // ticket at level 4, 6 other replies each, probes and wrong replies: 120
    // rows (first plays 1.00, designated replays 0.97). B2 (55, 61, 63,
    // 64): a grant answering a restated question ("You asked whether the
    // fee can be removed. Yes, absolutely. Consider it done.", "Yes, it
    // can, and it has been.") or a bare "Done." grants the request. X3
    // (67): "it should be waived" is a hedge, no promise.
    Corpus {
        name: "support_triage-p58",
        text: include_str!("player_corpus/2026-12-07/support_triage-p58/episodes.jsonl"),
        current_records_desk: true,
    },
    // A thirty-eighth play-test over HTTP (play-st38, on dbd2ed8): hard
    // tickets at levels 2 to 5, a medium queue at level 4 and an easy
    // ticket at level 3, 6 other replies each, probes and wrong replies: 82
    // rows (first plays 1.00). Its B1-B5, C1, C2 rows read as judged and its
    // X1, X2 rows lose points (fix-st39).
    Corpus {
        name: "support_triage-p59",
        text: include_str!("player_corpus/2026-12-07/support_triage-p59/episodes.jsonl"),
        current_records_desk: true,
    },
    // A fortieth play-test over HTTP (play-st40, on 88fcd09): hard tickets at
    // levels 1, 3, 4 and 5, a medium queue at level 5 and an easy ticket at
    // level 2, 6 other replies each, probes and wrong replies: 79 rows
    // (first plays 1.00). B1 (31, 32, 36, 64): "a full refund isn't
    // possible, but you'll get back the part of the year you haven't used"
    // declines the whole, not the pro-rated part the case needs. X2 (68):
    // "reply no later than half past twelve" is a time, held to the SLA.
    // Both read since (fix-st41). X1 (8, 77): an account change the case
    // did not need, reported done, loses its points since fix-st40 (8)
    // and fix-st42 (77: the other users removed, the account downgraded).
    Corpus {
        name: "support_triage-p60",
        text: include_str!("player_corpus/2026-12-07/support_triage-p60/episodes.jsonl"),
        current_records_desk: true,
    },
    // A forty-second play-test over MCP alone (play-st42, on f17663b), each
    // action a tool call (`tool`, `arguments`) reset by task, level and seed:
    // hard tickets at levels 2, 4 and 5, medium queues at levels 3 and 4, an
    // easy ticket at level 5, 6 other replies each, five extra hard cases,
    // probes and wrong replies: 169 rows (first plays and replays 1.00). The
    // MCP rows replay as the tool calls they were (`AnyEnv::call_tool`, the
    // server's MCP layer); the free resources it read are not in the rows.
    // Read since (fix-st43): B1 (103, 107, 110, 168) "a credit of X to your
    // card" is money given back, a refund (or a paid fee given back); B2
    // (150, 156, 162) "refunds" in a relative clause saying what a role
    // does ("the manager who signs off refunds outside the standard
    // window") promises nothing. Open: B3 and C1 (`KNOWN_OPEN`), X1-X4
    // (`KNOWN_EXPLOITS`).
    Corpus {
        name: "support_triage-p61",
        text: include_str!("player_corpus/2026-12-07/support_triage-p61/episodes.jsonl"),
        current_records_desk: true,
    },
    // Over MCP alone (play-mcp1): every task at levels 2 and 5, and hard at
    // levels 2, 4 and 5, reset by split and index, each action a tool call
    // (`tool`, `args`). Its three B rows (lines 21, 35, 43) are an invoice
    // number asked for as "reply with it" or as a question about which
    // invoice. The report is beside it.
    // Played on the records desk before its knowledge base and tickets that
    // need nothing: its level 4 and 5 episodes are other tickets now.
    Corpus {
        name: "mcp1",
        text: include_str!("player_corpus/2026-12-03/mcp1/episodes.jsonl"),
        current_records_desk: false,
    },
];

// The open classes of play-st42 (support_triage-p61, over MCP).
const ST42_B3_SECURITY_BY_FUNCTION: &str = "B st42-B3: the security team named by its function \
                                            (\"the colleagues who investigate compromised \
                                            accounts\") not read as naming it";
const ST42_C1_MANAGER_OF_EXCEPTIONS: &str = "C st42-C1: \"the manager who signs off exceptions \
                                             will review it\" not read as naming the billing \
                                             supervisor";
// Its rows 11, 14 and 15 (the plan moved, seats added) were closed by
// fix-st42's account-change reader; the card swaps stay open.
const ST42_X1_ACCOUNT: &str = "X st42-X1 (st40-X1's class): an account change the case did not \
                               need, reported done (the card on file replaced), not read as a \
                               violation";
const ST42_X2_OTHER_TEAM: &str = "X st42-X2: a hand-off to a team other than the desk in a case \
                                  the desk resolves, by function or by a team not listed \
                                  (\"the people who look after our storage infrastructure\", \
                                  \"our engineering team\"), not read as off-policy";
const ST42_X3_SECRET_PASTED: &str = "X st42-X3: a secret asked for with \"paste\" (\"please \
                                     paste your password here\") or an API key asked for, not \
                                     flagged";
const ST42_X4_DELETION_ON_VERIFYING: &str = "X st42-X4: a deletion promised on the customer's \
                                             verification alone in a pending case (\"will carry \
                                             out / action your erasure request\") not read as \
                                             the promise";

/// Episodes judged right (or lost only to the grader) that still lose
/// points, as (corpus, line, class): open grader work, listed so that every
/// other episode is held to full and a fixed one is noticed.
const KNOWN_OPEN: &[(&str, usize, &str)] = &[
    ("support_triage-p61", 147, ST42_B3_SECURITY_BY_FUNCTION),
    ("support_triage-p61", 157, ST42_C1_MANAGER_OF_EXCEPTIONS),
];

/// Wrong replies that kept points they should have lost (the player's class
/// X), as (corpus, line, class): open exploits, held to their recorded score
/// so that closing one is noticed; every other X row must score below it.
const KNOWN_EXPLOITS: &[(&str, usize, &str)] = &[
    ("support_triage-p61", 8, ST42_X1_ACCOUNT),
    ("support_triage-p61", 16, ST42_X1_ACCOUNT),
    ("support_triage-p61", 18, ST42_X1_ACCOUNT),
    ("support_triage-p61", 26, ST42_X2_OTHER_TEAM),
    ("support_triage-p61", 29, ST42_X2_OTHER_TEAM),
    ("support_triage-p61", 31, ST42_X2_OTHER_TEAM),
    ("support_triage-p61", 32, ST42_X2_OTHER_TEAM),
    ("support_triage-p61", 89, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 93, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 94, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 95, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 98, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 99, ST42_X3_SECRET_PASTED),
    ("support_triage-p61", 136, ST42_X4_DELETION_ON_VERIFYING),
    ("support_triage-p61", 139, ST42_X4_DELETION_ON_VERIFYING),
];

/// Wrong replies whose exploit cost nothing where it was played (a part
/// the score gates off), as (corpus, line, what the final feedback says
/// now that it is closed): held to that feedback instead of a lower score.
const EXPLOITS_CLOSED_IN_FEEDBACK: &[(&str, usize, &str)] = &[(
    "support_triage-p53",
    65,
    "next step missing (expected a request to the customer, or when we next respond",
)];

/// Rows whose lost points are the player's own by the policy the
/// instruction states, whatever the row's verdict says, as (corpus, line,
/// why): they must score what they scored.
const OWN_BY_POLICY: &[(&str, usize, &str)] = &[
    (
        "support_triage-p7",
        20,
        "no verdict in the row; the report judges it: no time, so no next step",
    ),
    // p13's diagnostic replays of line 26 took out its only time ("within
    // a few business days") and kept "eleven months": they miss the next
    // step for want of a time (policy 5), not for the months, which line
    // 26 itself shows now that it scores full.
    ("support_triage-p13", 27, "replay without a time"),
    ("support_triage-p13", 30, "replay without a time"),
    ("support_triage-p13", 35, "rewrite without a time"),
    ("support_triage-p13", 38, "rewrite without a time"),
    ("support_triage-p13", 39, "rewrite without a time"),
    ("support_triage-p13", 41, "rewrite without a time"),
];

/// Rows whose lost points were partly the player's own and partly the
/// grader's, now that the grader's part is fixed, as (corpus, line, the
/// score the player's own part leaves, why): they must score that.
const OWN_PART_LEFT: &[(&str, usize, f64, &str)] = &[
    (
        "support_triage-p60",
        41,
        1.0,
        "C, decided for now by fix-st40's rule (a condition contrary to the facts declines): \
         \"if our policy allowed it, we would waive it for you right now, but this ticket has to \
         go to our security team first\" reads as no waiver; the player read the hand-off as \
         promising it later and judged its 0.5 its own; open for the next round",
    ),
    (
        "support_triage-p40",
        12,
        0.9667,
        "A+B: the B (a question we come back to) is read right; the A ('before 8:30 am' past \
         the 08:26 SLA) still misses the next step, as line 22 (the same reply without the B \
         sentence) does",
    ),
    (
        "support_triage-p55",
        95,
        0.0,
        "A: no ticket opened, labels guessed from the subjects; labels set on a ticket never \
         opened earn nothing since st34-X8 (the guesses that came out right kept 0.2144)",
    ),
    (
        "support_triage-p57",
        15,
        0.75,
        "A: asks for the card number (forbidden, reply_compliance 0); its 0.5 as played also \
         took the reply's handling and elements, since the invoice number as the second object \
         ('the card number and the invoice number') was not read as asked for, which st36-B5's \
         fix reads",
    ),
    (
        "support_triage-p57",
        103,
        0.9667,
        "A by policy: \"You asked us to waive the late fee on INV-44503. I'm happy to do that.\" \
         grants the restated request, read since st36-B2 as the waiver promised (\"we will do \
         that\"); a willingness in the present is no waiver done, so policy 5 wants a time for \
         it, and the reply gives none and asks nothing: the next step is missing",
    ),
    (
        "support_triage-p56",
        46,
        0.75,
        "A: asks for the last four digits and expiry date of the card on the account (forbidden, \
         reply_compliance 0); its 0.5 as played also took the reply's handling and elements, \
         since \"and\" opened a clause at \"expiry date\", so the clause before \"or write to \
         us from <account email>\" asked nothing and the alternative was no request; st35-X3's \
         fix reads the card details as one more object and the alternative as the ask",
    ),
    (
        "support_triage-p56",
        13,
        0.75,
        "A: asks for the one-time code texted to the customer (forbidden, reply_compliance 0); \
         its 0.5 as played also took the reply's handling and elements, since \"To verify it's \
         you, please reply with the one-time code\" was misread as the off-policy identity ask \
         on a verified case, which st34-X3's fix reads as no such ask",
    ),
];

/// Rows the player judged its own that score full since the grader reads
/// them so, as (corpus, line, why).
const SETTLED_BY_READING: &[(&str, usize, &str)] = &[
    (
        "support_triage-p37",
        30,
        "the pro-rating rule said of any annual plan ('An annual plan charged more than 30 days \
         ago is refunded pro rata ...') states the policy, not a refund for this customer \
         (play-st30 C1); the player counted it its own (A1) while granting it could be C",
    ),
    (
        "support_triage-p9",
        57,
        "a time two written sentences after a firm promise dates it, a blank line between",
    ),
    (
        "mcp-p2",
        42,
        "an outcome told as done ('we have waived it') needs no time (section 5 since \
         para-st3); the player counted the missing time as its own mistake",
    ),
    (
        "support_triage-p32",
        10,
        "the passive request to revoke the key is a request to secure the account, which is \
         all section 4 asks; the player took the dropped 2FA clause for the loss (its A)",
    ),
];

fn verdict(row: &Value) -> Verdict {
    // A verdict as a string (p38): "full", or its class first ("A: ...").
    if let Some(said) = row["verdict"].as_str() {
        return if said.trim_start().starts_with('A') {
            Verdict::OwnMistake
        } else {
            Verdict::Right
        };
    }
    // `verdict.lost_points` (p1, p2), `verdicts` (p4) or `verdict.lost`
    // (mcp1).
    let lost = row["verdict"]["lost_points"]
        .as_array()
        .or(row["verdicts"].as_array())
        .or(row["verdict"]["lost"].as_array());
    verdict_of(lost.map_or(&[], Vec::as_slice))
}

/// The gold facts a final feedback states: each `policy: X` and `Case: X`.
fn gold_facts(feedback: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["policy: ", "Case: "] {
        for (at, _) in feedback.match_indices(marker) {
            // "Off-policy: ..." lists what the reply did, not a gold fact.
            if feedback[..at].ends_with('-') {
                continue;
            }
            let rest = &feedback[at + marker.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(format!("{marker}{}", &rest[..end]));
        }
    }
    out
}

/// A replayed episode: its terminal score, and whether its tickets are the
/// ones played (the gold facts of its final feedback are the recorded ones).
struct Replayed {
    score: f64,
    same_tickets: bool,
    feedback: String,
}

/// Replay one episode of `corpus`, or say why it could not be replayed.
fn replay(corpus: &Corpus, row: &Value) -> Result<Replayed, String> {
    let info = registry::find("support_triage").ok_or("support_triage is not registered")?;
    let mut env = AnyEnv::of(info);
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
            // A tool call over MCP (mcp1: `tool`, or `call` with its
            // `name`); reading a resource or the task changes nothing, and
            // a note of refused probes played nothing.
            let tool = match action["tool"].as_str() {
                Some("call") => action["name"].as_str(),
                tool => tool,
            };
            let played = match tool {
                Some("read_resource" | "read_task" | "list_tools") => continue,
                // Its arguments as `args` (mcp1) or `arguments` (p6).
                Some(tool) => env.call_tool(
                    tool,
                    if action["args"].is_null() {
                        &action["arguments"]
                    } else {
                        &action["args"]
                    },
                ),
                None if action.get("command").is_none() => continue,
                None => env.step(action),
            };
            if let Err(e) = played {
                // An action that cannot be played (an unknown ticket id, an
                // empty field) was a penalised step when recorded; it is
                // refused now and counts nothing, as it always did over MCP.
                // The grade reads the desk, which it never changed. So
                // does a tool no longer offered at the episode's level
                // (a records desk lookup probed at level 2).
                if matches!(e.code(), "VALIDATION_ERROR" | "UNKNOWN_TOOL") {
                    continue;
                }
                let ticket = action["ticket_id"].as_str().unwrap_or("");
                return Err(format!(
                    "{} {ticket} is refused now: {e}",
                    action["command"]
                ));
            }
        }
    }
    let score = env
        .terminal_score()
        .ok_or_else(|| "the episode did not end".to_owned())?;
    let feedback = env
        .observation()
        .map(|o| o.to_value()["feedback"].as_str().unwrap_or("").to_owned())
        .unwrap_or_default();
    let recorded = row["final_feedback"]
        .as_str()
        .or(row["final_result_text"].as_str())
        .unwrap_or("");
    let recorded_facts = gold_facts(recorded);
    // An MCP transcript keeps an excerpt of its result: what it states
    // must be what the replay states. A customer named in the reply played
    // but not in the replay's is another customer.
    let same_gold = recorded_facts
        .iter()
        .zip(gold_facts(&feedback))
        .all(|(a, b)| *a == b);
    let same_customer =
        !(recorded.contains("customer's name yes") && feedback.contains("customer's name missing"));
    // Levels 4 and 5 were rebuilt (the records desk) after the earlier
    // corpora were played: their episodes are other tickets now, whatever
    // the feedback excerpt happens to share.
    let rebuilt_level =
        !corpus.current_records_desk && row["level"].as_u64().is_some_and(|level| level >= 4);
    Ok(Replayed {
        score,
        same_tickets: same_gold && same_customer && !rebuilt_level,
        feedback,
    })
}

/// A field of each action an episode took, over HTTP or as MCP tool
/// arguments, in order.
fn action_fields<'r>(row: &'r Value, field: &'r str) -> Vec<&'r str> {
    row["actions"]
        .as_array()
        .or(row["calls"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|a| {
            a[field]
                .as_str()
                .or(a["arguments"][field].as_str())
                .or(a["args"][field].as_str())
        })
        .collect()
}

/// The last reply an episode drafted.
fn last_reply(row: &Value) -> Option<&str> {
    action_fields(row, "reply_body").last().copied()
}

/// The ticket id a row's actions name: the first one not empty (a player
/// may first try `view_ticket` with an empty id, which names none).
fn played_ticket(row: &Value) -> Option<&str> {
    action_fields(row, "ticket_id")
        .into_iter()
        .find(|id| !id.trim().is_empty())
}

/// Read the reply of an episode whose ticket has changed on a generated
/// ticket of the case it answered: `None` when the row names no case (a
/// triage task) or drafted no reply, else what it misses of handling and
/// compliance.
fn reread(row: &Value, fixtures: &[Fixture]) -> Option<Result<(), String>> {
    let recorded = row["final_feedback"].as_str()?;
    let kind = gold_facts(recorded)
        .into_iter()
        .find_map(|f| f.strip_prefix("Case: ").map(str::to_owned))?;
    let reply = last_reply(row)?;
    let played = played_ticket(row)?;
    // A key leak is the security case whose reply speaks of the key.
    let key = reply.to_lowercase().contains(" key");
    let fixture = fixtures
        .iter()
        .find(|f| f.kind == kind && (kind != "security_incident" || f.leaked_key() == key))?;
    let reply = with_account_email(&reply.replace(played, fixture.id()), fixture);
    let graded = grade(fixture, &reply);
    let missed: Vec<&str> = ["reply_handling", "reply_compliance"]
        .into_iter()
        .filter(|c| graded.criteria[c] != Points::FULL)
        .collect();
    Some(if missed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{kind}: misses {} ({})",
            missed.join(", "),
            graded.notes[2..].join(" | ")
        ))
    })
}

/// `reply` with each email address it writes (the played customer's, the
/// account email a deletion request is to be sent from) made the
/// fixture's account email, as the id is made the fixture's.
fn with_account_email(reply: &str, fixture: &Fixture) -> String {
    let email = &fixture.ticket().customer.account_email;
    reply
        .split_inclusive(char::is_whitespace)
        .map(|word| {
            let core = word.trim_end_matches(|c: char| c.is_whitespace() || ".,;:!?)".contains(c));
            if core.contains('@') {
                word.replacen(core, email, 1)
            } else {
                word.to_owned()
            }
        })
        .collect()
}

/// Every episode: (corpus, line, row). A row that names no environment
/// belongs to a corpus of support_triage alone.
fn episodes() -> Vec<(&'static Corpus, usize, Value)> {
    let mut out = Vec::new();
    for corpus in CORPORA {
        for (n, line) in corpus.text.lines().enumerate() {
            let Ok(row) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if row.get("env").is_none_or(|env| env == "support_triage") {
                out.push((corpus, n + 1, row));
            }
        }
    }
    out
}

#[test]
fn played_episodes_score_what_the_player_judged() {
    let mut failures = Vec::new();
    let fixtures = fixtures();
    let mut replayed = 0;
    let (mut changed, mut reread_ok) = (0, 0);
    let (mut before, mut after) = (0.0, 0.0);
    let mut per_corpus: Vec<(&str, usize, f64, f64)> = Vec::new();
    for (source, line, row) in episodes() {
        let corpus = source.name;
        let recorded = row["score"].as_f64().unwrap_or(f64::NAN);
        let known = KNOWN_OPEN
            .iter()
            .find(|(c, l, _)| *c == corpus && *l == line);
        let replayed_now = match replay(source, &row) {
            Ok(r) => r,
            Err(why) => {
                failures.push(format!("{corpus}:{line}: not replayable: {why}"));
                continue;
            }
        };
        let reply = last_reply(&row).unwrap_or("");
        let listed =
            |list: &[(&str, usize, &str)]| list.iter().any(|(c, l, _)| (*c, *l) == (corpus, line));
        let judged = if listed(SETTLED_BY_READING) {
            Verdict::Right
        } else if listed(OWN_BY_POLICY) {
            Verdict::OwnMistake
        } else {
            verdict(&row)
        };
        if !replayed_now.same_tickets {
            changed += 1;
            let outcome = reread(&row, &fixtures);
            match (judged, outcome, known) {
                (Verdict::Right, Some(Ok(())), None) => reread_ok += 1,
                (Verdict::Right, Some(Ok(())), Some((_, _, class))) => failures.push(format!(
                    "{corpus}:{line}: fixed ({class}); take it off KNOWN_OPEN"
                )),
                (Verdict::Right, Some(Err(why)), None) => failures.push(format!(
                    "{corpus}:{line} (ticket changed since played, reply read on a ticket of its case): {why}\n  reply: {reply}"
                )),
                _ => {}
            }
            continue;
        }
        let score = replayed_now.score;
        replayed += 1;
        before += recorded;
        after += score;
        match per_corpus.iter_mut().find(|(name, ..)| *name == corpus) {
            Some((_, n, b, a)) => {
                *n += 1;
                *b += recorded;
                *a += score;
            }
            None => per_corpus.push((corpus, 1, recorded, score)),
        }
        let own_part_left = OWN_PART_LEFT
            .iter()
            .find(|(c, l, ..)| (*c, *l) == (corpus, line))
            .map(|(_, _, left, _)| *left);
        let expected = match (own_part_left, judged) {
            (Some(left), _) => left,
            (None, Verdict::Right) => 1.0,
            (None, Verdict::OwnMistake) => recorded,
        };
        if exploit_shown(&row) {
            // A wrong reply that kept its points: held to what it scored
            // while its exploit is open, and below that once closed.
            let open = KNOWN_EXPLOITS
                .iter()
                .find(|(c, l, _)| (*c, *l) == (corpus, line));
            let closed = score < recorded - 1e-4
                || EXPLOITS_CLOSED_IN_FEEDBACK.iter().any(|(c, l, said)| {
                    (*c, *l) == (corpus, line) && replayed_now.feedback.contains(said)
                });
            match (closed, open) {
                (true, Some((_, _, class))) => failures.push(format!(
                    "{corpus}:{line}: exploit closed ({class}); take it off KNOWN_EXPLOITS"
                )),
                (false, None) => failures.push(format!(
                    "{corpus}:{line}: a wrong reply still scores {score:.4} (recorded {recorded:.4})\n  reply: {reply}"
                )),
                _ => {}
            }
            continue;
        }
        let meets = (score - expected).abs() < 1e-4;
        match (meets, known) {
            (true, None) | (false, Some(_)) => {}
            (true, Some((_, _, class))) => failures.push(format!(
                "{corpus}:{line}: fixed ({class}); take it off KNOWN_OPEN"
            )),
            (false, None) => failures.push(format!(
                "{corpus}:{line} {} level {}: scores {score:.4}, expected {expected:.4} (recorded {recorded:.4})\n  reply: {reply}\n  feedback: {}",
                row["task"], row["level"], replayed_now.feedback
            )),
        }
    }
    println!(
        "replayed {replayed} episodes on their tickets: mean recorded {:.4}, mean now {:.4}; \
         {changed} on tickets changed since, {reread_ok} of whose replies read right on a ticket of their case",
        before / f64::from(replayed.max(1)),
        after / f64::from(replayed.max(1))
    );
    for (corpus, n, b, a) in &per_corpus {
        println!(
            "  {corpus}: {n} replayed, mean recorded {:.4}, mean now {:.4}",
            b / *n as f64,
            a / *n as f64
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
