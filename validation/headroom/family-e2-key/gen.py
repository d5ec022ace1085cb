#!/usr/bin/env python3
"""Seeded generator, policy solver and key writer for family E2 (support desk, tight budget, hidden facts).
Writes ../h22-paper4/worlds/F*.dat (encoded) and ./F*.key.json, KEY.md.  `python3 gen.py` is deterministic."""
import base64, hashlib, json, os, random, zlib, datetime as dt

HERE = os.path.dirname(os.path.abspath(__file__))
PLAY = os.path.join(os.path.dirname(HERE), 'h22-paper4')
TODAY = '2025-05-28'
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June']
FEATS = {'sso': ('Single sign-on (SSO)', 'single sign-on (SSO)'), 'export': ('Data export', 'scheduled data exports'),
         'audit': ('Audit log', 'the audit log'), 'api': ('API rate limits', 'higher API rate limits'),
         'domains': ('Custom domains', 'a custom domain'), '2fa': ('Two-factor enforcement', 'enforced two-factor sign-in'),
         'webhooks': ('Webhooks', 'webhooks'), 'sandbox': ('Sandbox workspaces', 'a sandbox workspace'),
         'scim': ('SCIM provisioning', 'SCIM user provisioning')}
ORGNAMES = ['Harbor Foods', 'Northwind Ltd', 'Bluepeak Labs', 'Cedar & Co', 'Orbit Freight', 'Lumen Dental', 'Kestrel Media',
            'Granite Works', 'Willow Clinics', 'Tidewater Inc', 'Pioneer Print', 'Saffron Retail', 'Maple Legal', 'Quarry Games']
FIRST = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eva', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia',
         'Raj', 'Sara', 'Tom', 'Uma', 'Vic', 'Wen', 'Yara', 'Zed', 'Alba', 'Bo', 'Cyd', 'Dara']
LAST = ['Ruiz', 'Okafor', 'Lindqvist', 'Patel', 'Moreau', 'Tanaka', 'Novak', 'Silva', 'Weber', 'Haddad', 'Kim', 'Larsen',
        'Costa', 'Fischer', 'Nguyen', 'Adams', 'Baptiste', 'Ivanova']
TELL = {'plan': 'Plan change request', 'hold': 'Security review', 'waiver': 'Late fee waiver request', 'refund': 'Refund request'}
GEN_ADMIN = ['Account follow-up', 'Quick question', 'Following up', 'Re: our account', 'Request', 'Question']
GEN_SUPPORT = ['Account follow-up', 'Case update', 'Internal note']
BLAND_Q = ['Quick question', 'Account follow-up', 'Hello', 'Following up', 'Request', 'Question']
SEC_WHAT = ['sign-ins from a country none of us is in', 'an MFA device none of us registered',
            'a password reset none of us asked for', 'an API key created by nobody we know']

# ------------------------------------------------------------------------------------------------ instances
# tiers: 4 plan names (last is Enterprise), prices, late-fee %, yearly waiver allowance, feature -> lowest tier index.
# org: plan0 (tier idx), asof 'MM-DD', hold0, waiv0, chains of facts in previous tickets:
#   plan: [(date, generic, ('change', to, eff) | ('cancel',) | ('instead', to, eff))]
#   hold: [(date, generic, 'open'|'none')]    waiv: [(date, generic, 'granted'|'withdrawn')]
#   noise: (pre-as-of count, member-opened after as-of, admin-opened generic after as-of)
# ticket: k, type DUP/PF/W/HOWTO/SEC/LEAVE and its variant fields; claims = what the customer asserts.
INST = {
 'F1': dict(seed=1101, tiers=['Basic', 'Pro', 'Business', 'Enterprise'], prices=[29, 99, 249, 599], fee=10, allowance=2,
   feats={'sso': 2, 'audit': 3, 'export': 0, 'api': 1, 'domains': 2, 'webhooks': 1},
   orgs={
    'A': dict(plan0=1, asof='01-20', hold0='open', waiv0=1,
              hold=[('03-12', False, 'none'), ('05-09', True, 'open')], waiv=[('01-20', False, 'granted')], noise=(2, 2, 1)),
    'B': dict(plan0=2, asof='02-14', plan=[('04-10', True, ('change', 1, '05-01'))], noise=(2, 1, 1)),
    'C': dict(plan0=3, asof='02-03', plan=[('03-05', False, ('change', 2, '04-01')), ('03-21', True, ('cancel',))],
              waiv=[('04-25', True, 'granted')], noise=(1, 2, 0)),
    'D': dict(plan0=1, asof='03-18', noise=(2, 1, 1)),
    'E': dict(plan0=2, asof='02-27', noise=(2, 2, 0)),
    'F': dict(plan0=0, asof='03-02', noise=(1, 1, 0))},
   tickets=[
    dict(k='a1', type='DUP', org='A', v='true', claims=dict(hold_lifted=True)),
    dict(k='a2', type='W', org='A', v='paid_late', month=2, claims=dict(prior=1)),
    dict(k='b1', type='PF', org='B', inv_month=5, billed=2, claim_to=1, claim_eff='05-01'),
    dict(k='b2', type='HOWTO', org='B', feature='sso', claim=2, thanks=True),
    dict(k='c1', type='HOWTO', org='C', feature='audit', claim=3),
    dict(k='c2', type='W', org='C', v='unpaid_shift', month=3, claim_paid='03-29', real_paid='04-16', claims=dict(paid=True)),
    dict(k='c3', type='W', org='C', v='paid_late', month=4, claims=dict(prior=0)),
    dict(k='d1', type='DUP', org='D', v='true'),
    dict(k='e1', type='DUP', org='E', v='period'),
    dict(k='e2', type='W', org='E', v='partial', month=3, claims=dict(paid=True)),
    dict(k='f1', type='LEAVE', org='F', v='auto'),
    dict(k='g1', type='LEAVE', org='C', v='followup', of='c2'),
    dict(k='h1', type='LEAVE', org='E', v='thanks'),
    dict(k='d9', type='SEC', org='D', bland=True)],
   order=[('c2', 'g1'), ('c2', 'c3')], last='d9'),
 'F2': dict(seed=2202, tiers=['Starter', 'Team', 'Scale', 'Enterprise'], prices=[19, 79, 199, 499], fee=12, allowance=1,
   feats={'api': 2, 'sso': 2, 'sandbox': 3, 'export': 1, '2fa': 0, 'scim': 3},
   orgs={
    'A': dict(plan0=1, asof='02-14', hold=[('03-03', True, 'open'), ('04-19', False, 'none')], noise=(2, 2, 1)),
    'B': dict(plan0=2, asof='03-09', plan=[('04-28', False, ('change', 1, '05-15'))], noise=(2, 1, 0)),
    'C': dict(plan0=3, asof='01-25', waiv=[('02-10', False, 'withdrawn'), ('04-07', True, 'granted')], noise=(2, 1, 1)),
    'D': dict(plan0=0, asof='03-01', hold0='open', hold=[('03-01', False, 'open'), ('04-15', True, 'none')], noise=(1, 2, 0)),
    'E': dict(plan0=1, asof='02-20', noise=(2, 1, 1)),
    'F': dict(plan0=2, asof='03-15', noise=(1, 1, 0))},
   tickets=[
    dict(k='a1', type='DUP', org='A', v='refunded', refund=('05-16', True), claims=dict(not_refunded=True)),
    dict(k='b1', type='PF', org='B', inv_month=5, billed=2, claim_to=1, claim_eff='05-15'),
    dict(k='b2', type='HOWTO', org='B', feature='api', claim=2, thanks=True),
    dict(k='c1', type='W', org='C', v='paid_late', month=3, claims=dict(prior=0, withdrew=True)),
    dict(k='c2', type='W', org='C', v='unpaid_false', month=2, claim_paid='04-09', claims=dict(paid=True)),
    dict(k='c3', type='HOWTO', org='C', feature='sandbox', vague=True),
    dict(k='d1', type='DUP', org='D', v='true'),
    dict(k='e1', type='W', org='E', v='unpaid_partial', month=3, claim_paid='04-12', claims=dict(paid=True)),
    dict(k='e3', type='DUP', org='E', v='true'),
    dict(k='f1', type='LEAVE', org='F', v='thanks'),
    dict(k='g1', type='LEAVE', org='A', v='followup', of='a1'),
    dict(k='f2', type='LEAVE', org='F', v='auto'),
    dict(k='e9', type='SEC', org='E', bland=True)],
   order=[('a1', 'g1')], last='e9'),
 'F3': dict(seed=3303, tiers=['Lite', 'Plus', 'Premium', 'Enterprise'], prices=[25, 89, 229, 649], fee=8, allowance=2,
   feats={'sso': 2, 'audit': 3, 'webhooks': 1, 'domains': 1, 'export': 0, 'scim': 2},
   orgs={
    'A': dict(plan0=2, asof='01-28', hold=[('02-20', True, 'open'), ('03-30', False, 'none'), ('05-12', True, 'open')],
              plan=[('04-08', True, ('change', 1, '05-01'))], noise=(2, 1, 1)),
    'B': dict(plan0=1, asof='02-11', waiv0=1, waiv=[('02-11', False, 'granted')], noise=(2, 2, 0)),
    'C': dict(plan0=3, asof='03-04', noise=(1, 1, 1)),
    'D': dict(plan0=0, asof='02-25', plan=[('03-14', False, ('change', 2, '04-01')), ('03-26', True, ('instead', 1, '04-01'))],
              noise=(2, 1, 0)),
    'E': dict(plan0=1, asof='03-10', noise=(2, 2, 1)),
    'F': dict(plan0=0, asof='02-02', noise=(1, 1, 0))},
   tickets=[
    dict(k='a1', type='PF', org='A', inv_month=5, billed=2, claim_to=1, claim_eff='05-01', claims=dict(hold_lifted=True)),
    dict(k='a2', type='HOWTO', org='A', feature='sso', claim=2, thanks=True),
    dict(k='b1', type='W', org='B', v='paid_late', month=3, claims=dict(prior=1)),
    dict(k='c1', type='DUP', org='C', v='period'),
    dict(k='c2', type='HOWTO', org='C', feature='audit', vague=True),
    dict(k='d1', type='PF', org='D', inv_month=4, billed=2, claim_to=1, claim_eff='04-01'),
    dict(k='d2', type='W', org='D', v='unpaid_true', month=3, claim_paid='04-03', claims=dict(paid=True)),
    dict(k='b2', type='W', org='B', v='paid_late', month=4, claims=dict(prior=1)),
    dict(k='e1', type='DUP', org='E', v='true'),
    dict(k='e2', type='W', org='E', v='partial', month=2, claims=dict(paid=True)),
    dict(k='f1', type='LEAVE', org='F', v='auto'),
    dict(k='g1', type='LEAVE', org='D', v='followup', of='d1'),
    dict(k='e9', type='SEC', org='E', bland=True)],
   order=[('b1', 'b2'), ('d1', 'g1')], last='e9'),
 'F4': dict(seed=4404, tiers=['Solo', 'Growth', 'Business', 'Enterprise'], prices=[15, 69, 289, 729], fee=15, allowance=2,
   feats={'audit': 3, 'webhooks': 1, 'sso': 2, 'export': 0, 'sandbox': 2, '2fa': 1},
   orgs={
    'A': dict(plan0=2, asof='01-30', waiv0=1, plan=[('03-18', True, ('change', 3, '04-01'))],
              waiv=[('01-30', False, 'granted'), ('04-02', False, 'withdrawn')], noise=(2, 1, 1)),
    'B': dict(plan0=1, asof='02-05', hold0='open',
              hold=[('03-10', False, 'none'), ('04-14', True, 'open'), ('05-06', True, 'none')],
              plan=[('04-03', False, ('change', 0, '05-01')), ('04-20', True, ('cancel',))], noise=(2, 2, 0)),
    'C': dict(plan0=3, asof='02-22', noise=(2, 1, 1)),
    'D': dict(plan0=0, asof='03-12', noise=(1, 2, 0)),
    'E': dict(plan0=2, asof='03-03', noise=(1, 1, 1))},
   tickets=[
    dict(k='a1', type='W', org='A', v='paid_late', month=2, claims=dict(prior=1)),
    dict(k='a2', type='W', org='A', v='unpaid_shift', month=3, claim_paid='03-29', real_paid='04-16', claims=dict(paid=True)),
    dict(k='a3', type='HOWTO', org='A', feature='audit', claim=3),
    dict(k='b1', type='DUP', org='B', v='true', claims=dict(hold_lifted=True)),
    dict(k='b2', type='PF', org='B', inv_month=5, billed=1, claim_to=0, claim_eff='05-01'),
    dict(k='c1', type='DUP', org='C', v='refunded', refund=('05-19', True), claims=dict(not_refunded=True)),
    dict(k='d1', type='DUP', org='D', v='true'),
    dict(k='d2', type='W', org='D', v='unpaid_false', month=3, claim_paid='04-22', claims=dict(paid=True)),
    dict(k='e1', type='HOWTO', org='E', feature='sandbox', vague=True),
    dict(k='f1', type='LEAVE', org='E', v='auto'),
    dict(k='g1', type='LEAVE', org='B', v='followup', of='b1'),
    dict(k='h1', type='LEAVE', org='C', v='thanks'),
    dict(k='d9', type='SEC', org='D', bland=True)],
   order=[('a1', 'a2'), ('b1', 'g1')], last='d9'),
}

def D(md): return '2025-' + md
def dd(s): return dt.date.fromisoformat(s)
def ds(x): return x.isoformat()
def money(x): return '%.2f' % x
def mstart(m): return '2025-%02d-01' % m
def plus(s, n): return ds(dd(s) + dt.timedelta(days=n))

# ------------------------------------------------------------------------------------------------ world
class World:
    def __init__(self, name, spec):
        self.name, self.spec = name, spec
        self.r = random.Random(spec['seed'])
        self.used = set()
        self.tiers, self.prices = spec['tiers'], spec['prices']
        self.orgs, self.customers, self.invoices, self.ptix = {}, {}, {}, {}

    def nid(self, p, lo, hi):
        while True:
            x = '%s-%d' % (p, self.r.randint(lo, hi))
            if x not in self.used:
                self.used.add(x); return x

    def build(self):
        r = self.r
        kbids = ['KB-%d' % i for i in range(1, 8)]; r.shuffle(kbids)
        self.kb_price = kbids[0]
        self.kb_feat = {f: kbids[i + 1] for i, f in enumerate(sorted(self.spec['feats']))}
        names = r.sample(ORGNAMES, len(self.spec['orgs']))
        tix = {}
        for t in self.spec['tickets']:
            tix.setdefault(t['org'], []).append(t)
        for (L, os_), nm in zip(sorted(self.spec['orgs'].items()), names):
            self.build_org(L, os_, nm, tix.get(L, []))
        ks = [t['k'] for t in self.spec['tickets'] if t['k'] != self.spec['last']]
        r.shuffle(ks)
        for _ in range(60):
            ok = True
            for a, b in self.spec['order']:
                ia, ib = ks.index(a), ks.index(b)
                if ia > ib: ks[ia], ks[ib] = ks[ib], ks[ia]; ok = False
            if ok: break
        ks.append(self.spec['last'])
        byk = {t['k']: t for t in self.spec['tickets']}
        for i, k in enumerate(ks):
            byk[k]['tid'] = 'T-%d' % (i + 1)
        self.queue = [byk[k] for k in ks]
        for t in self.queue:
            self.make_ticket(t, byk)
        return self

    # plan timeline (truth): latest-dated plan statement after the as-of wins
    def plan_at(self, o, date, pfilter=None):
        plan = o['plan0']
        ps = [p for p in self.org_facts(o, 'plan', pfilter)]
        if ps:
            e = ps[-1]['effect']['plan']
            if e[0] in ('change', 'instead') and D(e[2]) <= date:
                plan = e[1]
        return plan

    def org_facts(self, o, kind, pfilter=None):
        pf = pfilter or (lambda p, o: p['date'] > o['asof'])
        return sorted([self.ptix[p] for p in o['ptix'] if kind in self.ptix[p]['effect'] and pf(self.ptix[p], o)],
                      key=lambda p: p['date'])

    def build_org(self, L, sp, name, tix):
        r = self.r
        oid = self.nid('O', 10, 99)
        o = dict(id=oid, L=L, name=name, asof=D(sp['asof']), plan0=sp['plan0'], hold0=sp.get('hold0', 'none'),
                 waiv0=sp.get('waiv0', 0), ptix=[], invoices=[], admins=[], members=[])
        self.orgs[L] = o
        for i in range(r.choice([1, 2])):
            o['admins'].append(self.person(o, 'admin'))
        for i in range(r.choice([2, 3])):
            o['members'].append(self.person(o, 'member'))
        T = self.tiers
        fee = self.spec['fee'] / 100.0
        # invoices Jan..May, plan from truth (facts added first as effects, texts later)
        facts = []
        for dte, gen, eff in sp.get('plan', []):
            facts.append(('plan', D(dte), gen, eff))
        for dte, gen, st in sp.get('hold', []):
            facts.append(('hold', D(dte), gen, st))
        for dte, gen, st in sp.get('waiv', []):
            facts.append(('waiver', D(dte), gen, st))
        # create plan facts now (they drive billing)
        prev = None
        for kind, dte, gen, eff in facts:
            if kind != 'plan': continue
            if eff[0] == 'change':
                txt = r.choice(['Admin asked to move from {a} to {b}; change confirmed, effective {e}.',
                                'Plan change from {a} to {b} confirmed by support, effective {e}.']).format(
                    a=T[o['plan0']], b=T[eff[1]], e=D(eff[2]))
            elif eff[0] == 'cancel':
                txt = 'Admin cancelled the pending move to %s before it took effect; the plan stays %s.' % (
                    T[prev[1]], T[o['plan0']])
            else:
                txt = 'Admin changed the pending request: the move is to %s instead of %s, effective %s; confirmed.' % (
                    T[eff[1]], T[prev[1]], D(eff[2]))
            self.add_p(o, dte, gen, 'plan', txt, dict(plan=eff), by=r.choice(o['admins']))
            prev = eff
        invs = {}
        for m in range(1, 6):
            pl = self.plan_at(o, mstart(m))
            inv = self.new_inv(o, mstart(m), pl, MONTHS[m - 1] + ' 2025')
            inv['pay'] = [('2025-%02d-%02d' % (m, r.randint(3, 9)), inv['amount'])]
            invs[m] = inv
        extra = []
        for t in tix:
            if t['type'] == 'W':
                inv = invs[t['month']]; m = t['month']
                inv['fee'] = round(inv['amount'] * fee, 2)
                tot = round(inv['amount'] + inv['fee'], 2)
                v = t['v']
                if v == 'paid_late':
                    inv['pay'] = [('2025-%02d-%02d' % (m, r.randint(18, 26)), tot)]
                elif v == 'partial':
                    inv['pay'] = [('2025-%02d-%02d' % (m, r.randint(18, 26)), inv['amount'])]
                else:
                    inv['pay'] = []
                    inv['asof'] = '2025-%02d-%02d' % (m, r.randint(24, 27))
                    if v == 'unpaid_true':
                        inv['pay'] = [(D(t['claim_paid']), tot)]
                    elif v == 'unpaid_shift':
                        inv['pay'] = [(D(t['real_paid']), tot)]
                    elif v == 'unpaid_partial':
                        inv['pay'] = [(D(t['claim_paid']), inv['amount'])]
                t['inv'] = inv['id']
            elif t['type'] == 'DUP':
                a = invs[5]
                per = 'June 2025' if t['v'] == 'period' else a['period']
                b = self.new_inv(o, '2025-05-03', a['plan'], per)
                b['pay'] = [('2025-05-%02d' % r.randint(6, 9), b['amount'])]
                extra.append(b)
                t['inv_a'], t['inv_b'] = a['id'], b['id']
                if t['v'] == 'refunded':
                    dte, gen = t['refund']
                    self.add_p(o, D(dte), gen, 'refund', 'Refunded %s (%s) as a duplicate charge on %s.' % (
                        b['id'], money(b['amount']), D(dte)), dict(refund=b['id']), by=r.choice(o['admins']))
            elif t['type'] == 'PF':
                inv = invs[t['inv_month']]
                inv['plan'] = t['billed']; inv['item'] = '%s plan' % T[t['billed']]; inv['amount'] = float(self.prices[t['billed']])
                inv['pay'] = [(inv['pay'][0][0], inv['amount'])]
                t['inv'] = inv['id']
        # waivers: earlier waivers concern January's late fee
        jan = invs[1]
        if any(k == 'waiver' for k, *_ in facts) or o['waiv0']:
            jan['fee'] = round(jan['amount'] * fee, 2)
            jan['pay'] = [('2025-01-%02d' % r.randint(17, 24), round(jan['amount'] + jan['fee'], 2))]
        for kind, dte, gen, st in facts:
            if kind == 'waiver':
                if st == 'granted':
                    txt = 'Late fee on %s waived (%s); counts toward the 2025 allowance.' % (jan['id'], money(jan['fee']))
                    jan['waived'] = dte
                else:
                    txt = ('Waiver of the late fee on %s: request withdrawn by the admin before review. No waiver used.'
                           % jan['id'])
                self.add_p(o, dte, gen, 'waiver', txt, dict(waiver=st), by=r.choice(o['admins']))
            elif kind == 'hold':
                if st == 'open':
                    txt = r.choice(['Suspicious sign-ins reviewed; security hold opened on {d}. Refunds and credits frozen until the review closes.',
                                    'New security review started on {d}: hold open, refunds and credits frozen.']).format(d=dte)
                else:
                    txt = r.choice(['Security review closed on {d}; hold lifted, refunds and credits allowed again.',
                                    'Review finished on {d}: no compromise found, security hold lifted.']).format(d=dte)
                self.add_p(o, dte, gen, 'hold', txt, dict(hold=st), by='support')
        # payments -> invoice texts
        allinv = sorted(list(invs.values()) + extra, key=lambda x: (x['date'], x['id']))
        for inv in allinv:
            inv.setdefault('asof', inv['pay'][0][0] if inv['pay'] else inv['date'])
            inv.setdefault('fee', 0.0)
            if inv['pay'] and inv['pay'][0][0] > inv['asof']:
                pass
            if not any(p[0] <= inv['asof'] for p in inv['pay']):
                inv['status'] = 'unpaid'
            else:
                inv['status'] = 'paid'
                inv['asof'] = max(p[0] for p in inv['pay'] if p[0] <= inv['asof'])
            if inv.get('waived'):
                inv['asof'] = max(inv['asof'], inv['waived'])
        for inv in allinv:
            inv['received'] = []; inv['overdue'] = []
        for inv in allinv:
            for pd, amt in inv['pay']:
                nxt = [j for j in allinv if j['date'] > pd]
                if nxt:
                    nxt[0]['received'].append((inv['id'], amt, pd))
        for j in allinv:
            for i in allinv:
                due = plus(i['date'], 14)
                if i['date'] < j['date'] and due <= j['date']:
                    tot = round(i['amount'] + (i['fee'] if due < j['date'] else 0), 2)
                    paid = sum(a for pd, a in i['pay'] if pd < j['date'])
                    if tot - paid > 0.004:
                        j['overdue'].append((i['id'], round(tot - paid, 2)))
        for inv in allinv:
            self.invoices[inv['id']] = inv; o['invoices'].append(inv['id'])
        o['latest_inv'] = allinv[-1]['id']
        o['months'] = invs
        self.add_noise(o, sp.get('noise', (1, 1, 0)))
        o['ptix'].sort(key=lambda p: (self.ptix[p]['date'], p))

    def add_noise(self, o, n):
        r = self.r
        T = self.tiers
        pre, mem, adm = n
        lo = dd('2025-01-03'); asof = dd(o['asof'])
        pre_txt = [('Invoice copy request', 'PDF copy of the %s invoice sent.' % r.choice(MONTHS[:2])),
                   ('Plan change request', 'Asked what %s would cost; quote sent, plan unchanged.' % T[min(3, o['plan0'] + 1)]),
                   ('Late fee waiver request', 'Asked how late fees work; no waiver requested or granted.'),
                   (None, 'Asked how to add a user; explained.'), (None, 'Billing e-mail address updated.'),
                   ('Security review', 'Routine check after a password change; nothing found.')]
        mem_txt = [('Plan change request', 'Member asked to move the workspace to %s; told that only an admin can request plan changes. No change made.' % T[r.choice([0, 1, 2, 3])]),
                   ('Refund request', 'Member asked for a refund of an invoice; told that only an admin can request refunds. Nothing refunded.'),
                   ('Late fee waiver request', 'Member asked for a late-fee waiver; told that only an admin can ask. No waiver granted.'),
                   ('Security review', 'Member asked about a sign-in alert; it was their own new laptop. Nothing changed.'),
                   (None, 'Member could not find the export button; walked them through it.'),
                   (None, 'Member asked to reset their password; link sent.'),
                   (None, 'Member asked whether their plan includes more storage; pointed to the price list.')]
        adm_txt = [(None, 'Admin asked what a move to %s would cost; quote sent, no change made.' % T[3]),
                   (None, 'Admin asked for PDF copies of this year\'s invoices; sent.'),
                   (None, 'Admin asked how to rotate API keys; explained.'),
                   (None, 'Admin asked whether late fees can be paid by card; yes, link sent.')]
        for i in range(pre):
            if (asof - lo).days < 3: break
            dte = ds(lo + dt.timedelta(days=r.randint(0, (asof - lo).days - 1)))
            subj, txt = r.choice(pre_txt)
            self.add_p(o, dte, subj is None, 'noise', txt, {}, by=r.choice(o['admins'] + o['members']), subj=subj)
        hi = dd('2025-05-26')
        for i in range(mem):
            dte = ds(asof + dt.timedelta(days=r.randint(1, (hi - asof).days)))
            subj, txt = mem_txt.pop(r.randrange(len(mem_txt)))
            self.add_p(o, dte, subj is None, 'noise', txt, {}, by=r.choice(o['members']), subj=subj)
        for i in range(adm):
            dte = ds(asof + dt.timedelta(days=r.randint(1, (hi - asof).days)))
            subj, txt = adm_txt.pop(r.randrange(len(adm_txt)))
            self.add_p(o, dte, True, 'noise', txt, {}, by=r.choice(o['admins']))

    def person(self, o, role):
        cid = self.nid('C', 100, 999)
        nm = '%s %s' % (self.r.choice(FIRST), self.r.choice(LAST))
        self.customers[cid] = dict(id=cid, org=o['id'], name=nm, role=role,
                                   email=nm.split()[0].lower() + '@' + o['name'].split()[0].lower().replace('&', '') + '.example',
                                   tz=self.r.choice(['Europe/Berlin', 'America/Chicago', 'Asia/Singapore', 'Europe/London']))
        return cid

    def new_inv(self, o, date, plan, period):
        iid = self.nid('INV', 40000, 49999)
        return dict(id=iid, org=o['id'], date=date, plan=plan, item='%s plan' % self.tiers[plan], period=period,
                    amount=float(self.prices[plan]))

    def add_p(self, o, date, generic, kind, text, effect, by, subj=None):
        pid = self.nid('P', 1000, 9999)
        if subj is None:
            if generic:
                subj = self.r.choice(GEN_SUPPORT if by == 'support' else GEN_ADMIN)
            else:
                subj = TELL[kind]
        self.ptix[pid] = dict(id=pid, org=o['id'], date=date, subject=subj, generic=generic, kind=kind, text=text,
                              effect=effect, by=by)
        o['ptix'].append(pid)

    def make_ticket(self, t, byk):
        r = self.r
        o = self.orgs[t['org']]; T = self.tiers
        t['org_id'] = o['id']
        people = o['admins'] + o['members']
        if t['type'] == 'LEAVE' and t['v'] == 'followup':
            t['cust'] = r.choice([c for c in people if c != byk[t['of']]['cust']])
        else:
            t['cust'] = r.choice(people)
        cl = t.get('claims', {})
        ans = {}; ty = t['type']; extra = []
        if ty == 'SEC':
            t['subject'] = r.choice(BLAND_Q) if t.get('bland') else 'Urgent'
            t['body'] = r.choice(['One more thing before the weekend: since this morning we see {w} on our account. Is that you? If not, please secure it.',
                                  'Not sure who to ask: we noticed {w}. None of us did this. Can you lock things down?']).format(w=r.choice(SEC_WHAT))
        elif ty == 'DUP':
            t['subject'] = r.choice(BLAND_Q + ['Invoice problem', 'Billing question'])
            t['body'] = r.choice(['We were billed twice in May: {a} and {b}. Please refund the duplicate.',
                                  'Invoices {a} and {b} charge us for the same thing. One of them should be refunded.',
                                  'Looks like a double charge: {a} and {b}, both for our plan. Could you refund one?']).format(
                a=t['inv_a'], b=t['inv_b'])
            if cl.get('hold_lifted'):
                extra.append('Our security review was closed a while ago, so nothing should block a refund.')
                ans['change'] = 'The security review on our account was closed; nothing is on hold.'
            if cl.get('not_refunded'):
                extra.append('We have not received any refund yet.')
            ans['invoice'] = 'The two invoices are %s and %s.' % (t['inv_a'], t['inv_b'])
        elif ty == 'PF':
            inv = self.invoices[t['inv']]
            t['subject'] = r.choice(BLAND_Q + ['Billing question', 'About our invoice'])
            t['body'] = r.choice(['We moved from {a} to {b} effective {e} (your team confirmed it), but {i} still bills us {a}. Please credit the difference.',
                                  '{i} charges the {a} price although we have been on {b} since {e}. We expect a credit for the difference.']).format(
                a=T[t['billed']], b=T[t['claim_to']], e=D(t['claim_eff']), i=t['inv'])
            ans['plan'] = 'We are on %s since %s.' % (T[t['claim_to']], D(t['claim_eff']))
            ans['change'] = 'We moved to %s effective %s; your team confirmed it.' % (T[t['claim_to']], D(t['claim_eff']))
            if cl.get('hold_lifted'):
                extra.append('The security review on our account is finished, by the way.')
        elif ty == 'W':
            t['subject'] = r.choice(BLAND_Q + ['Billing question', 'Late fee'])
            bits = [r.choice(['Please waive the late fee on {i}.', 'Could you drop the late fee on {i}? It was a one-off delay.',
                              'We would like the late fee on {i} removed.']).format(i=t['inv'])]
            inv = self.invoices[t['inv']]
            if cl.get('paid') and t['v'] != 'paid_late':
                bits.append('We have paid the invoice in full since.')
            if 'claim_paid' in t:
                ans['paid_date'] = 'We paid %s in full on %s.' % (t['inv'], D(t['claim_paid']))
            else:
                ans['paid_date'] = 'We paid %s on %s.' % (t['inv'], inv['pay'][0][0])
            if cl.get('prior') == 0 and cl.get('withdrew'):
                bits.append('We asked once in February but withdrew that request, so this would be our first.')
                ans['prior_waiver'] = 'Only the February request, which we withdrew.'
            elif cl.get('prior') == 0:
                bits.append('We have never had a late fee waived before.')
                ans['prior_waiver'] = 'No, never.'
            elif cl.get('prior') == 1:
                bits.append('We had one waiver in January, so we should have one left this year.' if self.spec['allowance'] == 2
                            else 'We had one waiver in January.')
                ans['prior_waiver'] = 'One, in January.'
            t['body'] = ' '.join(bits)
            ans['invoice'] = 'It is %s.' % t['inv']
        elif ty == 'HOWTO':
            f = t['feature']
            if t.get('vague'):
                t['subject'] = r.choice(['Question about a feature', 'Quick question'])
                t['body'] = r.choice(['How do I turn on the feature from your May newsletter? I cannot find it in settings.',
                                      'Where is the new feature you announced last month? Our team wants to try it.'])
                ans['feature'] = 'I mean %s.' % FEATS[f][1]
            else:
                q = r.choice(['We are on {p}, so {f} should be included. Where do I switch it on?',
                              'How do I set up {f}? Our {p} plan includes it, I believe.']).format(p=T[t['claim']], f=FEATS[f][1])
                if t.get('thanks'):
                    t['subject'] = 'Thanks!'
                    q = 'Thanks for the quick help last week. One more question: ' + q[0].lower() + q[1:]
                else:
                    t['subject'] = r.choice(BLAND_Q)
                t['body'] = q
                ans['plan'] = 'We are on %s.' % T[t['claim']]
                ans['feature'] = 'I mean %s.' % FEATS[f][1]
        elif ty == 'LEAVE':
            if t['v'] == 'auto':
                t['subject'] = r.choice(['Automatic reply: Out of office', 'Re: ' + r.choice(BLAND_Q)])
                t['body'] = 'I am out of the office until 2 June with limited access to e-mail.'
            elif t['v'] == 'thanks':
                t['subject'] = 'Thanks!'
                t['body'] = 'Thanks for the quick help last week, everything works now. No need to reply.'
            else:
                of = byk[t['of']]
                t['subject'] = r.choice([s_ for s_ in BLAND_Q if s_ != of['subject']])
                t['body'] = ('Following up on %s, which my colleague %s opened: any news? Nothing new to add, just checking in.'
                             % (of['tid'], self.customers[of['cust']]['name']))
        if extra:
            t['body'] += ' ' + ' '.join(extra)
        t['answers'] = ans

# ------------------------------------------------------------------------------------------------ render
def render(w):
    T = w.tiers
    rec = {'org': {}, 'customer': {}, 'invoice': {}, 'ticket': {}, 'kb': {}}
    for o in w.orgs.values():
        lines = ['ORG %s  %s' % (o['id'], o['name']),
                 'plan: %s        (as of %s)' % (T[o['plan0']], o['asof']),
                 'security hold: %s        (as of %s)' % (o['hold0'], o['asof']),
                 'late-fee waivers used in 2025: %d        (as of %s)' % (o['waiv0'], o['asof']),
                 'people: ' + '; '.join('%s %s (%s)' % (c, w.customers[c]['name'], w.customers[c]['role'])
                                        for c in sorted(o['admins'] + o['members'])),
                 'invoices:']
        for i in sorted(o['invoices'], key=lambda i: (w.invoices[i]['date'], i)):
            v = w.invoices[i]
            lines.append('  %s  issued %s  %s' % (i, v['date'], v['item']))
        lines.append('previous tickets (date, opened by, subject):')
        for p in o['ptix']:
            q = w.ptix[p]
            lines.append('  %s  %s  %-7s "%s"' % (p, q['date'], q['by'], q['subject']))
        rec['org'][o['id']] = '\n'.join(lines)
    for c in w.customers.values():
        rec['customer'][c['id']] = 'CUSTOMER %s  %s <%s>\norg: %s  role: %s  time zone: %s' % (
            c['id'], c['name'], c['email'], c['org'], c['role'], c['tz'])
    for v in w.invoices.values():
        due = plus(v['date'], 14)
        lf = 'none' if not v['fee'] else '%s (charged after the due date)' % money(v['fee'])
        if v.get('waived'):
            lf = '%s (charged after the due date; waived on %s)' % (money(v['fee']), v['waived'])
        own = [p for p in v['pay'] if p[0] <= v['asof']]
        rc = '; '.join('%s %s on %s' % (a, money(b), c) for a, b, c in v['received']) or 'none'
        ou = '; '.join('%s %s' % (a, money(b)) for a, b in v['overdue']) or 'none'
        rec['invoice'][v['id']] = '\n'.join([
            'INVOICE %s  org %s  issued %s  due %s' % (v['id'], v['org'], v['date'], due),
            'item: %s   period: %s   amount: %s' % (v['item'], v['period'], money(v['amount'])),
            'late fee: %s' % lf,
            'status: %s        (as of %s)' % (v['status'], v['asof']),
            'received for this invoice: %s        (as of %s)' % (
                '; '.join('%s on %s' % (money(a), d_) for d_, a in own) or 'nothing', v['asof']),
            'payments received since the previous invoice: %s' % rc,
            'overdue from earlier invoices on the issue date: %s' % ou])
    for p in w.ptix.values():
        by = 'support staff' if p['by'] == 'support' else '%s (%s)' % (p['by'], w.customers[p['by']]['role'])
        rec['ticket'][p['id']] = 'PREVIOUS TICKET %s  org %s  opened %s by %s\nsubject: %s\noutcome: %s' % (
            p['id'], p['org'], p['date'], by, p['subject'], p['text'])
    r = random.Random(w.spec['seed'] + 7)
    rec['kb'][w.kb_price] = 'KB %s  Price list\nMonthly list prices: %s. Late fee: %d%% of the invoice amount, charged after the due date (14 days after issue).' % (
        w.kb_price, ', '.join('%s %s' % (T[i], money(w.prices[i])) for i in range(4)), w.spec['fee'])
    for f, lo in w.spec['feats'].items():
        title = FEATS[f][0]
        plans = T[lo:]
        style = r.choice([0, 1, 2])
        if style == 0:
            body = 'Available on: %s. Set it up under Settings > %s.' % (', '.join(plans), title)
        elif style == 1:
            body = 'Included in the %s plan%s. Admins switch it on under Settings > %s.' % (
                ' and '.join([', '.join(plans[:-1]), plans[-1]]) if len(plans) > 1 else plans[0], 's' if len(plans) > 1 else '', title)
        else:
            body = 'Plans: %s only. To enable, open Settings > %s.' % ('/'.join(plans), title) if len(plans) < 4 else \
                'Plans: all plans (%s). To enable, open Settings > %s.' % ('/'.join(plans), title)
        rec['kb'][w.kb_feat[f]] = 'KB %s  %s\n%s' % (w.kb_feat[f], title, body)
    tickets = []
    for t in w.queue:
        c = w.customers[t['cust']]
        tickets.append(dict(id=t['tid'], org=t['org_id'], customer=t['cust'], name=c['name'],
                            subject=t['subject'], body=t['body'], answers=t['answers']))
    idx = sorted([(w.kb_price, 'Price list')] + [(w.kb_feat[f], FEATS[f][0]) for f in w.spec['feats']],
                 key=lambda x: int(x[0][3:]))
    appendix = '\n'.join([
        '## Instance %s appendix' % w.name,
        'Plans, lowest to highest: %s. The yearly late-fee waiver allowance (rule 10b) is %d per org.' % (
            ', '.join(T), w.spec['allowance']),
        'KB index: ' + ' · '.join('%s %s' % x for x in idx)])
    return dict(today=TODAY, tickets=tickets, records=rec, appendix=appendix)

# ------------------------------------------------------------------------------------------------ solver
LV = ['low', 'normal', 'high', 'urgent']

def solve(w, mode='correct'):
    """Decisions by the policy under a mode: correct | customer | records | keyword | ondate | literal9a | greedy.
    Returns acts, reasons, needed lookups (meaningful in correct mode)."""
    T = w.tiers
    allow = w.spec['allowance']
    def pf(p, o):
        if mode == 'records': return False
        if mode == 'keyword' and p['generic']: return False
        if mode == 'ondate': return p['date'] >= o['asof'] and p['by'] != 'member'
        return p['date'] > o['asof']
    granted = {}
    acts, reasons, needed = {}, {}, {}
    for qi, t in enumerate(w.queue):
        o = w.orgs[t['org']]; ty = t['type']; cl = t.get('claims', {})
        need = []
        sec_in_queue = [x for j, x in enumerate(w.queue) if x['type'] == 'SEC' and x['org'] == t['org'] and
                        (mode != 'greedy' or j < qi)]
        cand = ['record org %s' % o['id']] + ['record ticket %s' % p for p in o['ptix']
                                              if w.ptix[p]['date'] > o['asof'] and w.ptix[p]['by'] != 'member'
                                              and w.customers.get(w.ptix[p]['by'], {}).get('role') != 'member']
        def plan_at(date):
            if mode == 'customer' and ty in ('HOWTO',) and 'claim' in t:
                return t['claim']
            if mode == 'customer' and ty == 'PF' and D(t['claim_eff']) <= date:
                return t['claim_to']
            return w.plan_at(o, date, pf)
        def prio(base):
            if base == 'urgent': return 'urgent'
            return LV[LV.index(base) + 1] if plan_at(TODAY) == 3 else base
        def frozen():
            if sec_in_queue: return True, 'security report %s in this queue' % sec_in_queue[0]['tid']
            if mode == 'customer' and cl.get('hold_lifted'): return False, ''
            h = o['hold0']; src = 'org record'
            hs = w.org_facts(o, 'hold', pf)
            if hs: h = hs[-1]['effect']['hold']; src = 'latest security statement %s (%s)' % (hs[-1]['id'], hs[-1]['date'])
            return h == 'open', src
        if ty == 'LEAVE':
            acts[t['tid']] = None
            reasons[t['tid']] = 'rule 5: %s, leave untouched' % {'auto': 'automatic reply', 'thanks': 'thank-you note asking nothing',
                                                                 'followup': 'follow-up on another ticket in this queue'}[t['v']]
        elif ty == 'SEC':
            acts[t['tid']] = dict(priority='urgent', department='security', disposition='escalate', amount=0, reply='escalated_security')
            reasons[t['tid']] = 'rule 6: security report (bland subject); opens a hold on %s' % o['id']
        elif ty in ('DUP', 'PF'):
            need += cand
            fz, why = frozen()
            pr = prio('normal')
            base = dict(priority=pr, department='billing')
            if fz:
                acts[t['tid']] = dict(base, disposition='hold', amount=0, reply='refund_on_hold')
                reasons[t['tid']] = 'rule 7: %s frozen (%s): hold' % (o['id'], why)
            elif ty == 'DUP':
                a, b = w.invoices[t['inv_a']], w.invoices[t['inv_b']]
                need += ['record invoice %s' % a['id'], 'record invoice %s' % b['id']]
                dup = (a['item'], a['period']) == (b['item'], b['period']) or mode == 'customer'
                refs = [p for p in w.org_facts(o, 'refund', pf) if p['effect']['refund'] in (a['id'], b['id'])
                        and p['date'] > w.invoices[p['effect']['refund']]['asof']]
                if mode == 'customer' and cl.get('not_refunded'): refs = []
                if not dup:
                    acts[t['tid']] = dict(base, disposition='deny', amount=0, reply='charges_valid')
                    reasons[t['tid']] = 'rule 8: %s period %s vs %s period %s: not duplicates' % (a['id'], a['period'], b['id'], b['period'])
                elif refs:
                    acts[t['tid']] = dict(base, disposition='deny', amount=0, reply='already_refunded')
                    reasons[t['tid']] = 'rule 8: duplicates, but %s (%s, "%s") already refunded %s' % (
                        refs[0]['id'], refs[0]['date'], refs[0]['subject'], refs[0]['effect']['refund'])
                else:
                    acts[t['tid']] = dict(base, disposition='refund', amount=b['amount'], reply='refund_issued')
                    reasons[t['tid']] = 'rule 8: same item and period, not frozen (%s), not refunded: refund %s %s' % (
                        why or 'no hold', b['id'], money(b['amount']))
            else:
                inv = w.invoices[t['inv']]
                need += ['record invoice %s' % inv['id']]
                eff = plan_at(inv['date'])
                if w.prices[inv['plan']] > w.prices[eff]:
                    amt = float(w.prices[inv['plan']] - w.prices[eff])
                    need += ['record kb %s' % w.kb_price]
                    acts[t['tid']] = dict(base, disposition='credit', amount=amt, reply='credit_issued')
                    reasons[t['tid']] = 'rules 2-3, 9: plan in effect for %s is %s; billed %s: credit %s' % (
                        inv['period'], T[eff], T[inv['plan']], money(amt))
                else:
                    acts[t['tid']] = dict(base, disposition='deny', amount=0, reply='plan_confirmed')
                    reasons[t['tid']] = 'rules 2-3, 9: plan in effect on %s (period start) is %s, as billed: plan_confirmed' % (
                        inv['date'], T[eff])
        elif ty == 'W':
            need += cand
            pr = prio('normal'); base = dict(priority=pr, department='billing')
            inv = w.invoices[t['inv']]
            need += ['record invoice %s' % inv['id']]
            tot = round(inv['amount'] + inv['fee'], 2)
            own = sum(a for d_, a in inv['pay'] if d_ <= inv['asof'])
            full_own = own >= tot - 0.004
            if full_own:
                paid = True
            else:
                need += ['record invoice %s' % o['latest_inv']]
                later = sum(a for d_, a in inv['pay'] if d_ > inv['asof'] and any(j['date'] > d_ for j in w.invoices.values() if j['org'] == o['id']))
                paid = own + later >= tot - 0.004
                if mode == 'records':
                    paid = inv['status'] == 'paid'
                elif mode == 'customer' and cl.get('paid'):
                    paid = True
                elif mode == 'literal9a' and 'claim_paid' in t:
                    nxt = sorted([j for j in w.invoices.values() if j['org'] == o['id'] and j['date'] > D(t['claim_paid'])],
                                 key=lambda j: j['date'])
                    lst = sum(a for i_, a, d_ in nxt[0]['received'] if i_ == inv['id']) if nxt else 0
                    paid = own + lst >= tot - 0.004
            if mode == 'records' and full_own is False and inv['status'] == 'paid':
                paid = True
            if not paid:
                acts[t['tid']] = dict(base, disposition='deny', amount=0, reply='invoice_unpaid')
                reasons[t['tid']] = 'rule 10a: %s not paid in full (%s due incl. fee; %s); latest invoice %s still shows it overdue' % (
                    inv['id'], money(tot), 'status %s, %s received by its as-of' % (inv['status'], money(own)), o['latest_inv'])
            else:
                used = o['waiv0']
                used += sum(1 for p in w.org_facts(o, 'waiver', pf) if p['effect']['waiver'] == 'granted')
                if mode == 'customer' and 'prior' in cl:
                    used = cl['prior']
                q = granted.get(t['org'], 0)
                if used + q >= allow:
                    acts[t['tid']] = dict(base, disposition='deny', amount=0, reply='waiver_allowance_used')
                    reasons[t['tid']] = 'rule 10b: %d used before this queue (record + later tickets) + %d granted earlier in the queue >= allowance %d' % (used, q, allow)
                else:
                    granted[t['org']] = q + 1
                    acts[t['tid']] = dict(base, disposition='waive', amount=inv['fee'], reply='waiver_granted')
                    reasons[t['tid']] = 'rule 10c: %s paid in full%s; %d used + %d in queue < %d: waive %s' % (
                        inv['id'], '' if full_own else ' (payment listed on a later invoice)', used, q, allow, money(inv['fee']))
        elif ty == 'HOWTO':
            need += cand
            f = t['feature']
            if t.get('vague'): need += ['ask %s feature' % t['tid']]
            kb = w.kb_feat[f]
            need += ['record kb %s' % kb]
            pl = plan_at(TODAY)
            ok = pl >= w.spec['feats'][f]
            acts[t['tid']] = dict(priority=prio('low'), department='technical', disposition='answer', amount=0,
                                  reply='kb_article' if ok else 'upgrade_required', kb=kb)
            reasons[t['tid']] = 'rule 11: current plan %s %s listed in %s (%s)' % (T[pl], 'is' if ok else 'is not', kb, FEATS[f][0])
        needed[t['tid']] = need
    return acts, reasons, needed

# ------------------------------------------------------------------------------------------------ encode / main
SALT = b'deskbench-h22-e2'
def encode(obj, name):
    raw = zlib.compress(json.dumps(obj, sort_keys=True).encode(), 9)
    ks = b''.join(hashlib.sha256(SALT + name.encode() + i.to_bytes(4, 'big')).digest() for i in range(len(raw) // 32 + 1))
    return base64.b64encode(bytes(a ^ b for a, b in zip(raw, ks))).decode()

SPARE = {'F1': 2, 'F2': 2, 'F3': 2, 'F4': 2}

def build_all():
    out = {}
    for name, spec in INST.items():
        w = World(name, spec).build()
        out[name] = w
    return out

def main():
    md = ['# Keys, family E2 (support desk, tight budget, hidden facts)\n']
    for name, w in build_all().items():
        world = render(w)
        acts, reasons, needed = solve(w, 'correct')
        seen, plan = set(), ['queue'] + ['open %s' % t['tid'] for t in w.queue]
        seen.update(plan)
        for t in w.queue:
            for c in needed[t['tid']]:
                if c not in seen:
                    seen.add(c); plan.append(c)
            if acts[t['tid']] is not None:
                plan.append('act %s %s' % (t['tid'], json.dumps(acts[t['tid']], sort_keys=True)))
        plan.append('submit')
        ref = len(plan)
        budget = ref + SPARE[name]
        world['budget'] = budget; world['name'] = name
        with open(os.path.join(PLAY, 'worlds', name + '.dat'), 'w') as f:
            f.write(encode(world, name) + '\n')
        modes = ('customer', 'records', 'keyword', 'ondate', 'literal9a', 'greedy')
        base = {m: solve(w, m)[0] for m in modes}
        freeze = sorted({t['org_id'] for t in w.queue if acts[t['tid']] and acts[t['tid']]['disposition'] == 'hold'})
        # waivers used before the queue (truth), for the allowance collateral check
        wused = {o['id']: o['waiv0'] + sum(1 for p in w.org_facts(o, 'waiver') if p['effect']['waiver'] == 'granted')
                 for o in w.orgs.values()}
        nrec = sum(len(v) for v in world['records'].values())
        key = dict(name=name, budget=budget, reference_steps=ref, spare=SPARE[name], n_records=nrec,
                   allowance=w.spec['allowance'], waivers_used_before=wused,
                   expected={t['tid']: acts[t['tid']] for t in w.queue}, reasons=reasons, needed=needed,
                   reference_plan=plan, baseline_acts=base,
                   ticket_types={t['tid']: '%s/%s' % (t['type'], t.get('v', t.get('feature', ''))) for t in w.queue},
                   ticket_org={t['tid']: t['org_id'] for t in w.queue}, freeze_orgs=freeze,
                   refunded_invoices=[t['inv_b'] for t in w.queue if t['type'] == 'DUP' and acts[t['tid']]['reply'] == 'already_refunded'])
        with open(os.path.join(HERE, name + '.key.json'), 'w') as f:
            json.dump(key, f, indent=1, sort_keys=True)
        md.append('## %s  (budget %d, reference %d steps, spare %d; %d records, %d tickets, allowance %d)\n' % (
            name, budget, ref, SPARE[name], nrec, len(w.queue), w.spec['allowance']))
        md.append('| ticket | org | type | intended final state | reason |')
        md.append('| --- | --- | --- | --- | --- |')
        for t in w.queue:
            a = acts[t['tid']]
            st = 'untouched' if a is None else '%s / %s / %s / %s / %s%s' % (
                a['disposition'], money(a['amount']), a['reply'], a['priority'], a['department'], (' / ' + a['kb']) if a.get('kb') else '')
            md.append('| %s | %s | %s | %s | %s |' % (t['tid'], t['org_id'], key['ticket_types'][t['tid']], st, reasons[t['tid']]))
        md.append('')
    with open(os.path.join(HERE, 'KEY.md'), 'w') as f:
        f.write('\n'.join(md))
    print('\n'.join(md))

if __name__ == '__main__':
    main()
