#!/usr/bin/env python3
"""Grader, family E.  Usage: python3 grade.py <instance> <session-dir> [--key DIR] [--json]
Outcome-graded on the final state of each ticket; collateral damage subtracts."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYDIR = os.path.join(os.path.dirname(HERE), 'h22-paper3-key')
W_GATE, W_FIELD = 0.55, 0.15   # gate: disposition and reply (+kb) both right; then amount, priority, department
PENALTY = 0.5                  # per collateral event, in tickets


def grade(key, acts):
    exp = key['expected']
    n = len(exp)
    per, notes, events = {}, [], []
    for tid, e in exp.items():
        a = acts.get(tid)
        if e is None:
            per[tid] = 0.0 if a else 1.0
            if a:
                events.append('%s: acted on a ticket that needs nothing' % tid)
            continue
        if not a:
            per[tid] = 0.0; notes.append('%s: untouched, needed %s' % (tid, e['disposition'])); continue
        if (a['disposition'], a['reply'], a.get('kb')) != (e['disposition'], e['reply'], e.get('kb')):
            per[tid] = 0.0
            notes.append('%s: decision %s/%s%s, expected %s/%s%s' % (
                tid, a['disposition'], a['reply'], ('/' + a['kb']) if a.get('kb') else '',
                e['disposition'], e['reply'], ('/' + e['kb']) if e.get('kb') else ''))
            continue
        s = W_GATE
        chk = [('amount', abs(float(a['amount']) - float(e['amount'])) < 0.005),
               ('priority', a['priority'] == e['priority']),
               ('department', a['department'] == e['department'])]
        for name, ok in chk:
            if ok:
                s += W_FIELD
            else:
                notes.append('%s: %s wrong' % (tid, name))
        per[tid] = round(s, 4)
    # collateral: granting twice, ignoring a freeze, refunding what was refunded
    org = key['ticket_org']
    want_waive, got_waive = {}, {}
    for tid, e in exp.items():
        if e and e['disposition'] == 'waive':
            want_waive[org[tid]] = want_waive.get(org[tid], 0) + 1
        a = acts.get(tid)
        if a and a['disposition'] == 'waive' and a['amount'] > 0:
            got_waive[org[tid]] = got_waive.get(org[tid], 0) + 1
    for o, g in got_waive.items():
        for _ in range(max(0, g - want_waive.get(o, 0))):
            events.append('%s: waiver granted beyond the yearly allowance' % o)
    for tid, a in acts.items():
        if a['disposition'] in ('refund', 'credit') and a['amount'] > 0:
            if org.get(tid) in key['freeze_orgs']:
                events.append('%s: money paid out on frozen org %s' % (tid, org[tid]))
            e = exp.get(tid)
            if e and e['reply'] == 'already_refunded':
                events.append('%s: refunded an invoice already refunded' % tid)
    mean = sum(per.values()) / n
    score = max(0.0, min(1.0, mean - PENALTY * len(events) / n))
    return dict(score=round(score, 4), mean_ticket=round(mean, 4), per_ticket=per, collateral=events, notes=notes)


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    keydir = KEYDIR
    if '--key' in argv:
        keydir = argv[argv.index('--key') + 1]; args.remove(keydir)
    inst, sdir = args[0], args[1]
    key = json.load(open(os.path.join(keydir, inst + '.key.json')))
    sp = os.path.join(sdir, 'state.json')
    st = json.load(open(sp)) if os.path.exists(sp) else dict(acts={}, steps=0)
    r = grade(key, st['acts'])
    r['steps'] = st['steps']; r['budget'] = key['budget']
    if '--json' in argv:
        print(json.dumps(r, indent=1))
    else:
        print('%s score %.3f (ticket mean %.3f, %d collateral, %d/%d steps)' % (
            inst, r['score'], r['mean_ticket'], len(r['collateral']), r['steps'], r['budget']))
        for x in r['collateral'] + r['notes']:
            print('  ' + x)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
