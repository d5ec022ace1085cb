#!/usr/bin/env python3
"""Reference from the key + baselines, all played through sim.py and graded by grade.py.  Output: check.out"""
import json, os, re, shutil, subprocess, sys, tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PLAY = os.path.join(os.path.dirname(HERE), 'h22-paper4')
sys.path.insert(0, PLAY); sys.path.insert(0, HERE)
import grade as G
import gen
TMP = tempfile.mkdtemp(prefix='h22e2-')
INSTS = ['F1', 'F2', 'F3', 'F4']


def sim(inst, sess, cmd):
    return subprocess.run([sys.executable, os.path.join(PLAY, 'sim.py'), inst, sess, cmd], capture_output=True, text=True).stdout


def run(inst, name, cmds):
    sess = os.path.join(TMP, inst + '-' + re.sub(r'\W+', '_', name))
    shutil.rmtree(sess, ignore_errors=True)
    for c in cmds:
        sim(inst, sess, c)
    st = json.load(open(os.path.join(sess, 'state.json')))
    key = json.load(open(os.path.join(HERE, inst + '.key.json')))
    return G.grade(key, st['acts']), st


def actcmd(tid, a):
    return 'act %s %s' % (tid, json.dumps(a))


def plan_with(w, key, acts, extra_for_org=lambda o: []):
    """queue, open all, then per ticket: the key's lookups (+ extra lookups when an org is first read), its act; submit"""
    plan = ['queue'] + ['open %s' % t['tid'] for t in w.queue]
    seen = set(plan)
    for t in w.queue:
        for c in key['needed'][t['tid']]:
            if c in seen: continue
            seen.add(c); plan.append(c)
            if c.startswith('record org'):
                o = [x for x in w.orgs.values() if x['id'] == c.split()[-1]][0]
                for e in extra_for_org(o):
                    if e not in seen: seen.add(e); plan.append(e)
        a = acts.get(t['tid'])
        if a: plan.append(actcmd(t['tid'], a))
    return plan + ['submit']


def main():
    W = gen.build_all()
    rows, notes = {}, []
    def put(label, inst, r, st, extra=''):
        rows.setdefault(label, {})[inst] = (r['score'], st['steps'], extra)
    for inst in INSTS:
        w = W[inst]
        key = json.load(open(os.path.join(HERE, inst + '.key.json')))
        exp = key['expected']; tids = list(exp)
        r, st = run(inst, 'ref', key['reference_plan'])
        assert r['score'] == 1.0 and st['steps'] == key['reference_steps'], (inst, r, st['steps'])
        put('reference (key plan)', inst, r, st)
        labels = {'customer': 'trust the customer always', 'records': 'trust the records at face value',
                  'keyword': 'keyword filter: ignores generic-subject previous tickets',
                  'ondate': 'slip: counts tickets dated on the as-of date again',
                  'literal9a': 'slip: checks only the invoice after the customer\'s payment date',
                  'greedy': 'slip: acts in order, no look-ahead for security reports'}
        for m, label in labels.items():
            r, st = run(inst, m, plan_with(w, key, key['baseline_acts'][m]))
            put(label, inst, r, st)
        # wasteful players with the key's decisions
        def members_after(o):
            return ['record ticket %s' % p for p in o['ptix'] if w.ptix[p]['date'] > o['asof'] and w.ptix[p]['by'] != 'support'
                    and w.customers[w.ptix[p]['by']]['role'] == 'member']
        def before(o):
            return ['record ticket %s' % p for p in o['ptix'] if w.ptix[p]['date'] <= o['asof']
                    and (w.ptix[p]['by'] == 'support' or w.customers[w.ptix[p]['by']]['role'] == 'admin')]
        def every(o):
            return ['record ticket %s' % p for p in o['ptix']]
        def telling(o):  # keyword reader: also opens telling subjects whatever their date/opener
            return ['record ticket %s' % p for p in o['ptix'] if not w.ptix[p]['generic']]
        for label, fx in (('wasteful, right decisions: ignores who opened (also member tickets after as-of)', members_after),
                          ('wasteful, right decisions: ignores dates (also admin tickets on/before as-of)', before),
                          ('wasteful, right decisions: every previous ticket of each org', every),
                          ('wasteful, right decisions: also every telling-subject ticket', telling)):
            plan = plan_with(w, key, exp, fx)
            r, st = run(inst, label, plan)
            put(label, inst, r, st, 'needs %d' % len(plan))
        # follows the customer's payment date before the latest invoice, plus one re-read per org (2 steps more on unpaid waivers)
        def custdate(o):
            out = []
            for t in w.queue:
                if t['org'] == o['L'] and t['type'] == 'W' and 'claim_paid' in t:
                    out.append('ask %s paid_date' % t['tid'])
                    nxt = sorted([j for j in w.invoices.values() if j['org'] == o['id'] and j['date'] > gen.D(t['claim_paid'])],
                                 key=lambda j: j['date'])
                    if nxt: out.append('record invoice %s' % nxt[0]['id'])
            return out
        plan = plan_with(w, key, exp, custdate)
        r, st = run(inst, 'custdate', plan)
        put('careful, right decisions, asks the payment date and reads that invoice first', inst, r, st, 'needs %d' % len(plan))
        # open everything, then the key's acts
        allrec = ['record %s %s' % (k, i) for k in ('org', 'customer', 'invoice', 'ticket', 'kb') for i in sorted(gen.render(w)['records'][k])]
        plan = ['queue'] + ['open %s' % t for t in tids] + allrec + [actcmd(t, a) for t, a in exp.items() if a] + ['submit']
        r, st = run(inst, 'all', plan)
        put('open everything in order, then the key\'s acts', inst, r, st, 'needs %d' % len(plan))
        # blind constants
        kbs = Counter(a['kb'] for a in exp.values() if a and a.get('kb')).most_common(1)[0][0]
        BL = {'blind: leave all': None,
              'blind: escalate all': dict(priority='urgent', department='security', disposition='escalate', amount=0, reply='escalated_security'),
              'blind: deny all, charges_valid': dict(priority='normal', department='billing', disposition='deny', amount=0, reply='charges_valid'),
              'blind: deny all, waiver_allowance_used': dict(priority='normal', department='billing', disposition='deny', amount=0, reply='waiver_allowance_used'),
              'blind: deny all, invoice_unpaid': dict(priority='normal', department='billing', disposition='deny', amount=0, reply='invoice_unpaid'),
              'blind: hold all': dict(priority='normal', department='billing', disposition='hold', amount=0, reply='refund_on_hold'),
              'blind: answer all, upgrade_required, most common KB': dict(priority='low', department='technical', disposition='answer', amount=0, reply='upgrade_required', kb=kbs),
              'blind: waive all 9.90': dict(priority='normal', department='billing', disposition='waive', amount=9.9, reply='waiver_granted'),
              'blind: refund all 99': dict(priority='normal', department='billing', disposition='refund', amount=99, reply='refund_issued')}
        for label, a in BL.items():
            r, st = run(inst, label, ['queue'] + ([actcmd(t, a) for t in tids] if a else []) + ['submit'])
            put(label, inst, r, st)
        # subjects only: leave "Thanks!"/"Automatic reply" and same-subject repeats of the same customer; the rest by a constant
        sess = os.path.join(TMP, inst + '-subj'); shutil.rmtree(sess, ignore_errors=True)
        q = sim(inst, sess, 'queue')
        best = None
        for dispo in ('invoice_unpaid', 'hold', 'plan_confirmed'):
            cmds = ['queue']; seenpair = set()
            for line in q.splitlines()[1:]:
                tid, cust, subj = line.split()[0], line.split()[4], line.split('"')[1]
                if subj.startswith(('Automatic', 'Thanks')) or (cust, subj) in seenpair:
                    continue
                seenpair.add((cust, subj))
                d = {'invoice_unpaid': 'deny', 'hold': 'hold', 'plan_confirmed': 'deny'}[dispo]
                cmds.append(actcmd(tid, dict(priority='normal', department='billing', disposition=d, amount=0,
                                             reply={'hold': 'refund_on_hold'}.get(dispo, dispo))))
            r, st = run(inst, 'subj-' + dispo, cmds + ['submit'])
            if best is None or r['score'] > best[0]['score']:
                best = (r, st, dispo)
        put('exploit: queue subjects only (best of 3 constants)', inst, best[0], best[1])
        rows.setdefault('_b', {})[inst] = (key['budget'], key['reference_steps'], key['n_records'])
    out = ['| policy | ' + ' | '.join(INSTS) + ' | mean |', '| --- |' + ' --- |' * (len(INSTS) + 1)]
    for label, v in rows.items():
        if label == '_b': continue
        cells = ['%.3f (%d st%s)' % (v[i][0], v[i][1], (', ' + v[i][2]) if v[i][2] else '') for i in INSTS]
        out.append('| %s | %s | %.3f |' % (label, ' | '.join(cells), sum(v[i][0] for i in INSTS) / len(INSTS)))
    out.append('')
    for i, (b, ref, nrec) in rows['_b'].items():
        out.append('%s: budget %d, reference %d steps, spare %d (%.1f%% of reference), %d records' % (i, b, ref, b - ref, 100.0 * (b - ref) / ref, nrec))
    txt = '\n'.join(out)
    print(txt)
    open(os.path.join(HERE, 'check.out'), 'w').write(txt + '\n')
    shutil.rmtree(TMP, ignore_errors=True)


if __name__ == '__main__':
    main()
