#!/usr/bin/env python3
"""Reference from the key + baselines, all played through sim.py and graded by grade.py."""
import json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PLAY = os.path.join(os.path.dirname(HERE), 'h22-paper3')
sys.path.insert(0, PLAY)
import grade as G

TMP = tempfile.mkdtemp(prefix='h22e-')


def sim(inst, sess, cmd):
    r = subprocess.run([sys.executable, os.path.join(PLAY, 'sim.py'), inst, sess, cmd], capture_output=True, text=True)
    return r.stdout


def run(inst, name, cmds):
    sess = os.path.join(TMP, inst + '-' + name)
    shutil.rmtree(sess, ignore_errors=True)
    outs = [sim(inst, sess, c) for c in cmds]
    st = json.load(open(os.path.join(sess, 'state.json')))
    key = json.load(open(os.path.join(HERE, inst + '.key.json')))
    return G.grade(key, st['acts']), st, outs


def actcmd(tid, a):
    return 'act %s %s' % (tid, json.dumps(a))


BLIND = {
    'blind: leave all': None,
    'blind: escalate all': dict(priority='urgent', department='security', disposition='escalate', amount=0, reply='escalated_security'),
    'blind: deny all': dict(priority='normal', department='billing', disposition='deny', amount=0, reply='charges_valid'),
    'blind: deny all (allowance)': dict(priority='normal', department='billing', disposition='deny', amount=0, reply='waiver_allowance_used'),
    'blind: hold all': dict(priority='normal', department='billing', disposition='hold', amount=0, reply='refund_on_hold'),
    'blind: answer all KB-2': dict(priority='low', department='technical', disposition='answer', amount=0, reply='upgrade_required', kb='KB-2'),
    'blind: waive all 9.90': dict(priority='normal', department='billing', disposition='waive', amount=9.9, reply='waiver_granted'),
    'blind: refund all 99': dict(priority='normal', department='billing', disposition='refund', amount=99, reply='refund_issued'),
}


def main():
    rows = {}
    for inst in ['E1', 'E2', 'E3', 'E4']:
        key = json.load(open(os.path.join(HERE, inst + '.key.json')))
        tids = list(key['expected'])
        # reference: the key's plan (needed lookups only, in queue order)
        r, st, _ = run(inst, 'ref', key['reference_plan'])
        rows.setdefault('reference (key plan)', {})[inst] = (r['score'], st['steps'])
        assert r['score'] == 1.0, (inst, r)
        # trust the customer / trust the records: same lookups, their own decisions
        for m, label in (('customer', 'trust the customer always'), ('records', 'trust the records always')):
            acts = key['baseline_acts'][m]
            plan = [c for c in key['reference_plan'] if not c.startswith('act ') and c != 'submit']
            plan += [actcmd(t, a) for t, a in acts.items() if a] + ['submit']
            r, st, _ = run(inst, m, plan)
            rows.setdefault(label, {})[inst] = (r['score'], st['steps'])
        # open everything in order, then act with the key's answers (if any budget is left)
        sess = os.path.join(TMP, inst + '-all'); shutil.rmtree(sess, ignore_errors=True)
        q = sim(inst, sess, 'queue')
        seen = []
        for t in tids:
            o = sim(inst, sess, 'open ' + t)
        orgs = sorted(set(re.findall(r'org (O-\d+)', q)))
        want = []
        for o in orgs:
            txt = sim(inst, sess, 'record org ' + o)
            want += ['record customer ' + c for c in re.findall(r'(C-\d+) ', txt)]
            want += ['record invoice ' + c for c in re.findall(r'(INV-\d+) ', txt)]
            want += ['record ticket ' + c for c in re.findall(r'(P-\d+) ', txt)]
        want += ['record kb KB-%d' % i for i in range(1, 8)]
        for c in want:
            sim(inst, sess, c)
        for t, a in key['expected'].items():
            if a:
                sim(inst, sess, actcmd(t, a))
        sim(inst, sess, 'submit')
        st = json.load(open(os.path.join(sess, 'state.json')))
        r = G.grade(key, st['acts'])
        need_all = 1 + len(tids) + len(orgs) + len(want) + sum(1 for a in key['expected'].values() if a) + 1
        rows.setdefault('open everything in order', {})[inst] = (r['score'], st['steps'], need_all)
        # diligent but unselective: per ticket in order, open it, its org, every previous ticket of the org,
        # every invoice it names, its KB article, asks paid_date when the body says paid; then acts with the key
        sess = os.path.join(TMP, inst + '-dil'); shutil.rmtree(sess, ignore_errors=True)
        sim(inst, sess, 'queue'); done = set()
        for t in tids:
            body = sim(inst, sess, 'open ' + t)
            cmds = []
            m = re.search(r'org (O-\d+)', body)
            if not m:
                break
            if key['expected'][t] is not None and key['expected'][t]['department'] != 'security':
                cmds.append('record org ' + m.group(1))
            for c in cmds:
                if c in done: continue
                done.add(c); txt = sim(inst, sess, c)
                for p in re.findall(r'(P-\d+) ', txt):
                    if 'record ticket ' + p not in done:
                        done.add('record ticket ' + p); sim(inst, sess, 'record ticket ' + p)
            for i in re.findall(r'(INV-\d+)', body):
                if 'record invoice ' + i not in done:
                    done.add('record invoice ' + i); sim(inst, sess, 'record invoice ' + i)
            e = key['expected'][t]
            if e and e.get('kb') and 'record kb ' + e['kb'] not in done:
                done.add('record kb ' + e['kb']); sim(inst, sess, 'record kb ' + e['kb'])
            if 'paid the invoice since' in body:
                a = sim(inst, sess, 'ask %s paid_date' % t)
                for l in key['needed'][t]:
                    if l.startswith('record invoice') and l not in done:
                        done.add(l); sim(inst, sess, l)
            if e:
                sim(inst, sess, actcmd(t, e))
        sim(inst, sess, 'submit')
        st = json.load(open(os.path.join(sess, 'state.json')))
        r = G.grade(key, st['acts'])
        rows.setdefault('diligent, unselective (all P- of each org), key decisions', {})[inst] = (r['score'], st['steps'])
        # blind constants: queue, act on every ticket, submit (no reading)
        for label, a in BLIND.items():
            cmds = ['queue'] + ([actcmd(t, a) for t in tids] if a else []) + ['submit']
            r, st, _ = run(inst, label, cmds)
            rows.setdefault(label, {})[inst] = (r['score'], st['steps'])
        # exploit: decide from the queue list only (subjects), no reading
        sess = os.path.join(TMP, inst + '-subj'); shutil.rmtree(sess, ignore_errors=True)
        q = sim(inst, sess, 'queue'); seen_subj = set()
        for line in q.splitlines()[1:]:
            tid = line.split()[0]; subj = line.split('"')[1]
            b = dict(priority='normal', department='billing', amount=0)
            if subj.startswith(('Automatic', 'Thanks')):
                continue
            seen_subj.add(subj)
            if subj in ('Account problem', 'Urgent'):
                a = dict(priority='urgent', department='security', disposition='escalate', amount=0, reply='escalated_security')
            elif 'question' in subj.lower():
                a = dict(priority='low', department='technical', disposition='answer', amount=0, reply='upgrade_required', kb='KB-2')
            else:
                a = dict(b, disposition='deny', reply='waiver_allowance_used')
            sim(inst, sess, actcmd(tid, a))
        sim(inst, sess, 'submit')
        st = json.load(open(os.path.join(sess, 'state.json')))
        rows.setdefault('exploit: subjects of the queue list only', {})[inst] = (G.grade(key, st['acts'])['score'], st['steps'])
        rows.setdefault('_budget', {})[inst] = (key['budget'], key['reference_steps'], key['n_records'])
    print('| policy | E1 | E2 | E3 | E4 | mean |')
    print('| --- | --- | --- | --- | --- | --- |')
    for label, v in rows.items():
        if label == '_budget':
            continue
        cells = []
        for i in ['E1', 'E2', 'E3', 'E4']:
            x = v[i]
            cells.append('%.3f (%d st%s)' % (x[0], x[1], (', needs %d' % x[2]) if len(x) > 2 else ''))
        mean = sum(v[i][0] for i in v) / 4
        print('| %s | %s | %.3f |' % (label, ' | '.join(cells), mean))
    print()
    for i, (b, ref, nrec) in rows['_budget'].items():
        print('%s: budget %d, reference %d steps, spare %d (%.0f%% of reference, %.0f%% of budget), %d records' % (
            i, b, ref, b - ref, 100.0 * (b - ref) / ref, 100.0 * (b - ref) / b, nrec))
    shutil.rmtree(TMP, ignore_errors=True)


if __name__ == '__main__':
    main()
