#!/usr/bin/env python3
"""Grader, family E2.  Usage: python3 grade.py <instance> <session-dir> [--key DIR] [--json]
Outcome-graded on the final state of each ticket; collateral damage subtracts.
Prints one line per ticket: points, and for a loss what was expected and what was given."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYDIR = os.path.join(os.path.dirname(HERE), 'h22-paper4-key')
W_GATE, W_FIELD = 0.55, 0.15   # gate: disposition and reply (+kb) right; then amount, priority, department
PENALTY = 0.5                  # per collateral event, in tickets


def fmt(a):
    if a is None:
        return 'untouched'
    return '%s/%s%s amount %.2f, %s, %s' % (a['disposition'], a['reply'], ('/' + a['kb']) if a.get('kb') else '',
                                           float(a['amount']), a['priority'], a['department'])


def grade(key, acts):
    exp = key['expected']
    exp = {t: exp[t] for t in sorted(exp, key=lambda x: int(x.split('-')[1]))}  # queue order
    n = len(exp)
    per, lines, events = {}, [], []
    for tid, e in exp.items():
        a = acts.get(tid)
        if e is None:
            per[tid] = 0.0 if a else 1.0
            if a:
                events.append('%s: acted on a ticket that needs nothing' % tid)
        elif not a:
            per[tid] = 0.0
        elif (a['disposition'], a['reply'], a.get('kb')) != (e['disposition'], e['reply'], e.get('kb')):
            per[tid] = 0.0
        else:
            s = W_GATE
            if abs(float(a['amount']) - float(e['amount'])) < 0.005: s += W_FIELD
            if a['priority'] == e['priority']: s += W_FIELD
            if a['department'] == e['department']: s += W_FIELD
            per[tid] = round(s, 4)
        if per[tid] >= 0.9999:
            lines.append('%-5s 1.00  ok' % tid)
        else:
            what = []
            if a and e and per[tid] > 0:
                what = [k for k in ('amount', 'priority', 'department')
                        if (abs(float(a[k]) - float(e[k])) >= 0.005 if k == 'amount' else a[k] != e[k])]
            lines.append('%-5s %.2f  expected %s; given %s%s' % (tid, per[tid], fmt(e), fmt(a),
                                                               ('  [wrong: %s]' % ', '.join(what)) if what else ''))
    # collateral
    org = key['ticket_org']
    used = dict(key['waivers_used_before'])
    for tid in exp:  # queue order
        a = acts.get(tid)
        if a and a['disposition'] == 'waive' and float(a['amount']) > 0:
            o = org[tid]
            if used.get(o, 0) >= key['allowance']:
                events.append('%s: waiver granted beyond the yearly allowance of %s' % (tid, o))
            used[o] = used.get(o, 0) + 1
    for tid, a in acts.items():
        if a['disposition'] in ('refund', 'credit') and float(a['amount']) > 0:
            if org.get(tid) in key['freeze_orgs']:
                events.append('%s: money paid out on frozen org %s' % (tid, org[tid]))
            e = exp.get(tid)
            if e and e['reply'] == 'already_refunded':
                events.append('%s: refunded an invoice already refunded' % tid)
    mean = sum(per.values()) / n
    score = max(0.0, min(1.0, mean - PENALTY * len(events) / n))
    return dict(score=round(score, 4), mean_ticket=round(mean, 4), per_ticket=per, collateral=events, lines=lines)


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
        for x in r['lines']:
            print('  ' + x)
        for x in r['collateral']:
            print('  collateral (-%.3f): %s' % (PENALTY / len(key['expected']), x))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
