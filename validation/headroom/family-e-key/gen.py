#!/usr/bin/env python3
"""Seeded generator, policy solver and key writer for family E (support desk, binding budget).
Writes the players' worlds to ../h22-paper3/worlds/E*.dat and keys to ./E*.key.json, KEY.md."""
import base64, json, math, os, random, zlib, datetime as dt

HERE = os.path.dirname(os.path.abspath(__file__))
PLAY = os.path.join(os.path.dirname(HERE), 'h22-paper3')
TODAY = '2025-05-28'
PRICES = {'Basic': 29.0, 'Pro': 99.0, 'Business': 249.0, 'Enterprise': 599.0}
PLANS = ['Basic', 'Pro', 'Business', 'Enterprise']
KB = {
    'KB-1': ('Price list', None),
    'KB-2': ('Single sign-on (SSO)', ['Business', 'Enterprise']),
    'KB-3': ('Data export', PLANS),
    'KB-4': ('Audit log', ['Enterprise']),
    'KB-5': ('API rate limits', ['Pro', 'Business', 'Enterprise']),
    'KB-6': ('Custom domains', ['Business', 'Enterprise']),
    'KB-7': ('Two-factor authentication', PLANS),
}
FEATURE = {'sso': 'KB-2', 'audit': 'KB-4', 'api': 'KB-5', 'domains': 'KB-6'}
FNAME = {'sso': 'single sign-on (SSO)', 'audit': 'the audit log', 'api': 'higher API rate limits',
         'domains': 'a custom domain'}
MONTHS = ['January', 'February', 'March', 'April', 'May']
ORGNAMES = ['Harbor Foods', 'Northwind Ltd', 'Bluepeak Labs', 'Cedar & Co', 'Orbit Freight', 'Lumen Dental',
            'Kestrel Media', 'Granite Works', 'Willow Clinics', 'Tidewater Inc', 'Pioneer Print', 'Saffron Retail']
FIRST = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eva', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena', 'Milo', 'Nia',
         'Omar', 'Pia', 'Raj', 'Sara', 'Tom', 'Uma', 'Vic', 'Wen', 'Yara', 'Zed']
LAST = ['Ruiz', 'Okafor', 'Lindqvist', 'Patel', 'Moreau', 'Tanaka', 'Novak', 'Silva', 'Weber', 'Haddad', 'Kim',
        'Larsen', 'Costa', 'Fischer', 'Nguyen', 'Adams']
NOISE = [('Password reset', 'Reset link sent; customer confirmed access.'),
         ('Add a user', 'New user invited to the workspace.'),
         ('Invoice copy request', 'PDF copy of an earlier invoice sent.'),
         ('Change billing contact', 'Billing e-mail address updated.'),
         ('Question about API keys', 'Explained how to rotate API keys.'),
         ('Data export help', 'Walked the customer through a CSV export.')]

BILLING_SUBJECTS = ['Billing question', 'About our invoice', 'Please help', 'Invoice problem']

def d(s): return dt.date.fromisoformat(s)
def ds(x): return x.isoformat()
def mstart(m): return '2025-%02d-01' % m
def money(x): return '%.2f' % x

# ---------------------------------------------------------------- skeletons
# org spec: plan0, change (to, eff_month, status done|withdrawn) or None, sec: none|open|open_lifted|none_opened,
#           waiv_before: granted waivers in 2025 before the org's as-of (record count)
# ticket spec: type, org, variant, extra
SKELETONS = {
 'E1': dict(seed=101, orgs={
    'A': dict(plan0='Pro'),
    'B': dict(plan0='Business'),
    'C': dict(plan0='Business', change=('Pro', 5, 'done')),
    'D': dict(plan0='Enterprise', sec='open_lifted'),
    'E': dict(plan0='Pro', change=('Business', 4, 'withdrawn'))},
  tickets=[
    dict(k='a1', type='DUP', org='A', v='true', month=5),
    dict(k='a2', type='SEC', org='A'),
    dict(k='b1', type='W', org='B', v='paid_late', month=2),
    dict(k='b2', type='W', org='B', v='paid_late', month=3, never=True),
    dict(k='c1', type='PF', org='C', v='claim'),
    dict(k='c2', type='HOWTO', org='C', feature='sso', claim='Business', thanks=True),
    dict(k='d1', type='W', org='D', v='paid_late', month=3, never=True, later_waiver='granted'),
    dict(k='d2', type='DUP', org='D', v='true', month=5),
    dict(k='e1', type='HOWTO', org='E', feature='domains', claim='Business'),
    dict(k='e2', type='LEAVE', org='E', v='auto'),
    dict(k='f1', type='LEAVE', org='D', v='followup', of='d2')],
  order=[('a1', 'a2'), ('b1', 'b2'), ('d2', 'f1')]),
 'E2': dict(seed=202, orgs={
    'A': dict(plan0='Pro'),
    'B': dict(plan0='Basic', change=('Business', 4, 'done'), waiv_before=1),
    'C': dict(plan0='Pro'),
    'D': dict(plan0='Enterprise', change=('Business', 5, 'withdrawn')),
    'E': dict(plan0='Business'),
    'F': dict(plan0='Pro')},
  tickets=[
    dict(k='a1', type='SEC', org='A'),
    dict(k='a2', type='PF', org='A', v='claim_nochange', claim_to='Basic'),
    dict(k='a3', type='W', org='A', v='unpaid_claim_true', month=2),
    dict(k='b1', type='W', org='B', v='paid_late', month=3, never=True),
    dict(k='b2', type='HOWTO', org='B', feature='sso', claim='Business', thanks=True),
    dict(k='c1', type='DUP', org='C', v='refunded', month=4),
    dict(k='c2', type='W', org='C', v='paid_late', month=3, later_waiver='denied', asked_before=True),
    dict(k='d1', type='PF', org='D', v='claim'),
    dict(k='e1', type='DUP', org='E', v='true', month=5),
    dict(k='e2', type='LEAVE', org='E', v='followup', of='e1'),
    dict(k='f1', type='LEAVE', org='F', v='thanks')],
  order=[('e1', 'e2')]),
 'E3': dict(seed=303, orgs={
    'A': dict(plan0='Business', sec='open_lifted'),
    'B': dict(plan0='Pro', change=('Basic', 5, 'done'), sec='none_opened'),
    'C': dict(plan0='Pro'),
    'D': dict(plan0='Business'),
    'E': dict(plan0='Enterprise'),
    'F': dict(plan0='Pro')},
  tickets=[
    dict(k='a1', type='DUP', org='A', v='true', month=5),
    dict(k='b1', type='PF', org='B', v='claim'),
    dict(k='b2', type='HOWTO', org='B', feature='api', claim='Pro', thanks=True),
    dict(k='c1', type='W', org='C', v='unpaid_claim_true', month=2),
    dict(k='c2', type='W', org='C', v='paid_late', month=3, never=True),
    dict(k='d1', type='SEC', org='D'),
    dict(k='d2', type='DUP', org='D', v='false', month=5),
    dict(k='e1', type='W', org='E', v='unpaid_claim_false', month=3),
    dict(k='e2', type='HOWTO', org='E', feature='audit', vague=True),
    dict(k='f1', type='PF', org='F', v='claim_nochange', claim_to='Basic'),
    dict(k='f2', type='LEAVE', org='F', v='auto'),
    dict(k='g1', type='LEAVE', org='A', v='followup', of='a1')],
  order=[('c1', 'c2'), ('a1', 'g1'), ('d2', 'd1')]),
 'E4': dict(seed=404, orgs={
    'A': dict(plan0='Business', change=('Enterprise', 4, 'done')),
    'B': dict(plan0='Pro'),
    'C': dict(plan0='Business', change=('Pro', 5, 'done')),
    'D': dict(plan0='Pro'),
    'E': dict(plan0='Basic')},
  tickets=[
    dict(k='a1', type='W', org='A', v='paid_late', month=2, later_waiver='denied', asked_before=True),
    dict(k='a2', type='W', org='A', v='paid_late', month=3, never=True),
    dict(k='a3', type='HOWTO', org='A', feature='audit', claim='Enterprise'),
    dict(k='b1', type='SEC', org='B'),
    dict(k='b2', type='W', org='B', v='paid_late', month=3, never=True, later_waiver='granted'),
    dict(k='b3', type='DUP', org='B', v='true', month=5),
    dict(k='c1', type='PF', org='C', v='claim'),
    dict(k='c2', type='DUP', org='C', v='refunded', month=4),
    dict(k='d1', type='HOWTO', org='D', feature='sso', claim='Business', thanks=True),
    dict(k='d2', type='W', org='D', v='unpaid_claim_true', month=3),
    dict(k='e1', type='LEAVE', org='E', v='thanks'),
    dict(k='e2', type='LEAVE', org='C', v='followup', of='c1')],
  order=[('a1', 'a2'), ('c1', 'e2'), ('b3', 'b1')]),
}

# ---------------------------------------------------------------- world building
class Builder:
    def __init__(self, name, spec):
        self.name, self.spec = name, spec
        self.rng = random.Random(spec['seed'])
        self.used = set()
        self.orgs, self.customers, self.invoices, self.ptix = {}, {}, {}, {}
        self.tickets = []

    def nid(self, prefix, lo, hi):
        while True:
            x = '%s-%d' % (prefix, self.rng.randint(lo, hi))
            if x not in self.used:
                self.used.add(x); return x

    def person(self):
        return '%s %s' % (self.rng.choice(FIRST), self.rng.choice(LAST))

    def build(self):
        r = self.rng
        names = r.sample(ORGNAMES, len(self.spec['orgs']))
        tix_by_org = {}
        for t in self.spec['tickets']:
            tix_by_org.setdefault(t['org'], []).append(t)
        for (letter, os_), nm in zip(sorted(self.spec['orgs'].items()), names):
            self.build_org(letter, os_, nm, tix_by_org.get(letter, []))
        # queue order: shuffle then enforce constraints
        ks = [t['k'] for t in self.spec['tickets']]
        r.shuffle(ks)
        for _ in range(50):
            ok = True
            for a, b in self.spec['order']:
                ia, ib = ks.index(a), ks.index(b)
                if ia > ib:
                    ks[ia], ks[ib] = ks[ib], ks[ia]; ok = False
            if ok: break
        byk = {t['k']: t for t in self.spec['tickets']}
        for i, k in enumerate(ks):
            byk[k]['tid'] = 'T-%d' % (i + 1)
        self.queue = [byk[k] for k in ks]
        for t in self.queue:
            self.make_ticket(t, byk)
        return self

    def build_org(self, letter, spec, name, tix):
        r = self.rng
        oid = self.nid('O', 10, 99)
        o = dict(id=oid, letter=letter, name=name, ptix=[], invoices=[], customers=[])
        self.orgs[letter] = o
        # plan history
        plan0 = spec['plan0']; change = spec.get('change')
        hist = [('2024-01-01', plan0)]
        chg_p_date = None
        if change:
            to, effm, status = change
            chg_p_date = '2025-%02d-%02d' % (effm - 1, r.randint(6, 20))
            if status == 'done':
                hist.append((mstart(effm), to))
        # org as-of: before any later event this org must show as later
        later_needed = bool(change) or spec.get('sec') in ('open_lifted', 'none_opened') or \
            any(t.get('later_waiver') for t in tix)
        asof = '2025-%02d-%02d' % (2 if spec.get('waiv_before') else r.choice([1, 2]), r.randint(10, 25)) if later_needed else \
            '2025-%02d-%02d' % (r.choice([3, 4]), r.randint(3, 25))
        if change:
            assert chg_p_date > asof
        o['asof'] = asof
        o['hist'] = hist
        o['plan_rec'] = plan0  # in effect at as-of (changes are after as-of)
        sec = spec.get('sec', 'none')
        o['sec_rec'] = 'open' if sec in ('open', 'open_lifted') else 'none'
        o['waiv_rec'] = spec.get('waiv_before', 0)
        # customers
        n = max(2, len(tix) + 1)
        for i in range(n):
            cid = self.nid('C', 100, 999)
            c = dict(id=cid, org=oid, name=self.person(), role='admin' if i == 0 else 'member',
                     tz=r.choice(['Europe/Berlin', 'America/Chicago', 'Asia/Singapore', 'Europe/London']),
                     lang=r.choice(['en', 'en', 'de', 'es']))
            c['email'] = c['name'].split()[0].lower() + '@' + name.split()[0].lower().replace('&', '') + '.example'
            self.customers[cid] = c; o['customers'].append(cid)
        # invoices: monthly Jan..May
        self.monthly = {}
        invs = {}
        for m in range(1, 6):
            plan = self.plan_at(o, mstart(m))
            iid = self.nid('INV', 40000, 49999)
            inv = dict(id=iid, org=oid, date=mstart(m), item='%s plan, %s 2025' % (plan, MONTHS[m - 1]),
                       period=MONTHS[m - 1] + ' 2025', plan=plan, amount=PRICES[plan], late_fee=0.0,
                       status='paid', paid='2025-%02d-05' % m, asof='2025-%02d-05' % m, received=[], outstanding=[])
            invs[m] = inv
        o['monthly'] = invs
        extra = []
        # ticket-specific invoice tweaks
        for t in tix:
            if t['type'] == 'W':
                inv = invs[t['month']]
                inv['late_fee'] = round(inv['amount'] * 0.10, 2)
                m = t['month']
                if t['v'] == 'paid_late':
                    inv['paid'] = '2025-%02d-%02d' % (m, r.randint(18, 27)); inv['asof'] = inv['paid']
                else:
                    inv['status'] = 'unpaid'; inv['paid'] = None
                    inv['asof'] = '2025-%02d-%02d' % (m, r.randint(25, 28))
                    t['claim_paid'] = '2025-04-%02d' % r.randint(8, 24)
                    if t['v'] == 'unpaid_claim_true':
                        inv['real_paid'] = t['claim_paid']
                t['inv'] = inv['id']
            if t['type'] == 'DUP':
                m = t['month']
                a = invs[m]
                b = dict(a); b['received'] = []; b['outstanding'] = []
                b['id'] = self.nid('INV', 40000, 49999)
                b['date'] = '2025-%02d-03' % m
                if t['v'] == 'false':
                    seats = r.choice([3, 4, 5, 6])
                    b['item'] = 'Additional seats x%d, %s 2025' % (seats, MONTHS[m - 1]); b['plan'] = None
                    b['amount'] = 12.0 * seats
                b['paid'] = '2025-%02d-%02d' % (m, r.randint(6, 9)); b['asof'] = b['paid']
                extra.append(b)
                t['inv_a'], t['inv_b'] = a['id'], b['id']
                if t['v'] == 'refunded':
                    pd = '2025-%02d-%02d' % (m, r.randint(12, 20))
                    self.add_p(o, pd, 'Refund request', 'refund',
                               'Refunded %s (%s) on %s as a duplicate charge.' % (b['id'], money(b['amount']), pd),
                               effect=dict(refunded=b['id']))
                elif r.random() < 0.7:
                    # a later refund request about another invoice: must be opened to rule out
                    other = invs[1]
                    pd = '2025-%02d-%02d' % (m, r.randint(12, 20))
                    self.add_p(o, pd, 'Refund request', 'refund',
                               'Refund of %s requested; the customer withdrew the request.' % other['id'])
            if t['type'] == 'PF':
                inv = invs[5]
                if t['v'] == 'claim':
                    # billed the old plan by mistake despite the change
                    inv['plan'] = plan0; inv['item'] = '%s plan, May 2025' % plan0; inv['amount'] = PRICES[plan0]
                    t['claim_to'] = change[0]; t['claim_eff'] = mstart(change[1])
                else:
                    t['claim_eff'] = mstart(r.choice([4, 5]))
                t['inv'] = inv['id']
        # earlier waivers (record count before as-of, or later previous tickets) concern January's late fee
        o['_waivers'] = []
        lw = [t.get('later_waiver') for t in tix if t.get('later_waiver')]
        if o['waiv_rec'] or lw:
            jan = invs[1]
            jan['late_fee'] = round(jan['amount'] * 0.10, 2)
            jan['paid'] = '2025-01-%02d' % r.randint(17, 24); jan['asof'] = jan['paid']
            if o['waiv_rec']:
                lo = d('2025-01-26'); hi = d(asof) - dt.timedelta(days=1)
                pd = ds(lo + dt.timedelta(days=r.randint(0, max(0, (hi - lo).days))))
                o['_waivers'].append((pd, 'granted'))
            for x in lw:
                o['_waivers'].append(('2025-04-%02d' % r.randint(2, 26), x))
            for pd, x in o['_waivers']:
                if x == 'granted':
                    jan['waived'] = pd; jan['asof'] = pd
        # payment notes: each invoice lists payments received since the previous invoice
        allinv = sorted(list(invs.values()) + extra, key=lambda x: x['date'])
        for inv in allinv:
            pdates = inv['paid'] or inv.get('real_paid')
            if not pdates: continue
            nxt = [j for j in allinv if j['date'] > pdates]
            if nxt:
                nxt[0]['received'].append((inv['id'], inv['amount'] + inv['late_fee'], pdates))
        for inv in allinv:
            if inv['status'] == 'unpaid':
                paid_on = inv.get('real_paid')
                for j in allinv:
                    if j['date'] > inv['date'] and (paid_on is None or j['date'] < paid_on):
                        j['outstanding'].append((inv['id'], inv['amount'] + inv['late_fee']))
        for inv in allinv:
            self.invoices[inv['id']] = inv; o['invoices'].append(inv['id'])
        # previous tickets
        if change:
            to, effm, status = change
            if status == 'done':
                txt = 'Plan changed from %s to %s, effective %s.' % (plan0, to, mstart(effm))
                eff = dict(plan=(to, mstart(effm)))
            else:
                wd = ds(d(chg_p_date) + dt.timedelta(days=r.randint(2, 6)))
                txt = 'Request to move from %s to %s withdrawn by the customer on %s; plan unchanged (%s).' % (
                    plan0, to, wd, plan0)
                eff = {}
            self.add_p(o, chg_p_date, 'Plan change request', 'plan', txt, effect=eff)
        if sec == 'open_lifted':
            pd = '2025-%02d-%02d' % (r.choice([3, 4]), r.randint(2, 26))
            self.add_p(o, pd, 'Security review', 'security',
                       'Review closed; security hold lifted on %s. Refunds and credits allowed again.' % pd,
                       effect=dict(sec='none'))
        if sec == 'none_opened':
            pd = '2025-05-%02d' % r.randint(6, 20)
            self.add_p(o, pd, 'Security review', 'security',
                       'Suspicious API use; security hold opened on %s. Refunds and credits frozen until review closes.' % pd,
                       effect=dict(sec='open'))
        if spec.get('sec') == 'open':
            pass
        if o['sec_rec'] == 'open':
            pd = ds(d(asof) - dt.timedelta(days=r.randint(5, 20)))
            self.add_p(o, pd, 'Security review', 'security',
                       'Leaked password reported; security hold opened on %s.' % pd)
        for pd, x in o['_waivers']:
            if x == 'granted':
                txt = 'Late fee on %s waived (%s); counts toward the 2025 allowance.' % (
                    invs[1]['id'], money(invs[1]['late_fee']))
            else:
                txt = ('Waiver of the late fee on %s: request withdrawn by the customer before review. '
                       'No waiver used.' % invs[1]['id'])
            self.add_p(o, pd, 'Late fee waiver request', 'waiver', txt, effect=dict(waiver=x))
        # an old, pre-as-of plan/waiver-looking ticket for some orgs (already reflected in the record)
        if r.random() < 0.5:
            pd = ds(d(asof) - dt.timedelta(days=r.randint(10, 30)))
            if pd >= '2025-01-01':
                self.add_p(o, pd, 'Late fee waiver request', 'waiver',
                           'Customer asked about late fees in general; no waiver requested or granted.')
        for subj, txt in r.sample(NOISE, r.randint(2, 3)):
            pd = '2025-%02d-%02d' % (r.randint(1, 5), r.randint(2, 27))
            self.add_p(o, pd, subj, 'noise', txt)
        o['ptix'].sort(key=lambda p: (self.ptix[p]['date'], p))

    def plan_at(self, o, date):
        p = None
        for eff, pl in o['hist']:
            if eff <= date: p = pl
        return p

    def add_p(self, o, date, subject, kind, text, effect=None):
        pid = self.nid('P', 1000, 9999)
        self.ptix[pid] = dict(id=pid, org=o['id'], date=date, subject=subject, kind=kind, text=text,
                              by=self.rng.choice(o['customers']) if o['customers'] else None, effect=effect or {})
        o['ptix'].append(pid)

    def make_ticket(self, t, byk):
        r = self.rng
        o = self.orgs[t['org']]
        others = [c for c in o['customers'] if c not in [x.get('cust') for x in self.queue if x.get('cust')]]
        if t['type'] == 'LEAVE' and t['v'] == 'followup':
            t['cust'] = byk[t['of']]['cust']
        elif t['type'] == 'SEC':
            t['cust'] = o['customers'][0]
        else:
            t['cust'] = (others or o['customers'])[0]
        cn = self.customers[t['cust']]['name']
        ty = t['type']
        ans = {}
        if ty == 'SEC':
            what = r.choice(['sign-ins from a country none of us is in', 'an MFA device we never registered',
                             'a password reset none of us asked for'])
            t['subject'] = r.choice(['Account problem', 'Urgent', 'Please help'])
            t['body'] = 'Since this morning we see %s on the admin account. Please lock it down.' % what
        elif ty == 'DUP':
            t['subject'] = r.choice(BILLING_SUBJECTS)
            t['body'] = 'We were billed twice for %s: %s and %s. Please refund the duplicate.' % (
                MONTHS[t['month'] - 1], t['inv_a'], t['inv_b'])
            ans['invoice'] = 'The two invoices are %s and %s.' % (t['inv_a'], t['inv_b'])
        elif ty == 'PF':
            cur = o['plan_rec']
            to = t.get('claim_to'); eff = t['claim_eff']
            t['subject'] = r.choice(BILLING_SUBJECTS)
            t['body'] = ('We moved from %s to %s effective %s (your team confirmed it), but invoice %s still '
                         'bills us %s. Please credit the difference.' % (cur, to, eff, t['inv'], cur))
            ans['plan'] = 'We are on %s since %s.' % (to, eff)
            ans['change'] = 'We moved to %s effective %s; your team confirmed it.' % (to, eff)
            t['claim_plan'] = to
        elif ty == 'W':
            inv = self.invoices[t['inv']]
            t['subject'] = r.choice(BILLING_SUBJECTS)
            bits = ['Please waive the late fee on %s.' % t['inv']]
            if t['v'].startswith('unpaid'):
                bits.append('We have paid the invoice since.')
                ans['paid_date'] = 'We paid %s on %s; it should show on your next invoice.' % (t['inv'], t['claim_paid'])
            else:
                ans['paid_date'] = 'We paid %s on %s.' % (t['inv'], inv['paid'])
            if t.get('never'):
                bits.append('We have never had a late fee waived before.')
                ans['prior_waiver'] = 'No, we have never had a late fee waived.'
            elif t.get('asked_before'):
                bits.append('We asked once in April but withdrew the request, so this would be our first.')
                ans['prior_waiver'] = 'We asked in April but withdrew the request before anyone looked at it.'
            t['body'] = ' '.join(bits)
            ans['invoice'] = 'It is %s.' % t['inv']
        elif ty == 'HOWTO':
            f = t['feature']
            if t.get('vague'):
                t['subject'] = 'Question about a feature'
                t['body'] = 'How do I turn on the feature announced in your May newsletter? I cannot find it in settings.'
                ans['feature'] = 'I mean %s.' % FNAME[f]
            else:
                if t.get('thanks'):
                    t['subject'] = 'Thanks!'
                    t['body'] = ('Thanks for the quick help last week. One more question: we are on %s, so %s '
                                 'should be included. Where do I switch it on?' % (t['claim'], FNAME[f]))
                else:
                    t['subject'] = 'Quick question'
                    t['body'] = 'We are on %s, so %s should be included. Where do I switch it on?' % (
                        t['claim'], FNAME[f])
                ans['plan'] = 'We are on %s.' % t['claim']
                t['claim_plan'] = t['claim']
                ans['feature'] = 'I mean %s.' % FNAME[f]
        elif ty == 'LEAVE':
            if t['v'] == 'auto':
                t['subject'] = 'Automatic reply: Out of office'
                t['body'] = 'I am out of the office until 2 June with limited access to e-mail.'
            elif t['v'] == 'thanks':
                t['subject'] = 'Thanks!'
                t['body'] = 'Thanks for the quick help last week, everything works now. No need to reply.'
            else:
                of = byk[t['of']]
                t['subject'] = of['subject']
                t['body'] = ('Following up on my ticket %s about this: any news? Nothing new to add, just '
                             'checking in.' % of['tid'])
        t['answers'] = ans
        t['org_id'] = o['id']

# ---------------------------------------------------------------- rendering
def render(w):
    rec = {'org': {}, 'customer': {}, 'invoice': {}, 'ticket': {}, 'kb': {}}
    for o in w.orgs.values():
        lines = ['ORG %s  %s' % (o['id'], o['name']),
                 'plan: %s        (as of %s)' % (o['plan_rec'], o['asof']),
                 'security hold: %s        (as of %s)' % (o['sec_rec'], o['asof']),
                 'late-fee waivers used in 2025: %d        (as of %s)' % (o['waiv_rec'], o['asof']),
                 'people: ' + '; '.join('%s %s (%s)' % (c, w.customers[c]['name'], w.customers[c]['role'])
                                        for c in o['customers']),
                 'invoices:']
        for i in sorted(o['invoices'], key=lambda i: (w.invoices[i]['date'], i)):
            v = w.invoices[i]
            lines.append('  %s  issued %s  %s' % (i, v['date'], v['item']))
        lines.append('previous tickets:')
        for p in o['ptix']:
            lines.append('  %s  %s  "%s"' % (p, w.ptix[p]['date'], w.ptix[p]['subject']))
        rec['org'][o['id']] = '\n'.join(lines)
    for c in w.customers.values():
        rec['customer'][c['id']] = 'CUSTOMER %s  %s <%s>\norg: %s  role: %s  time zone: %s  language: %s' % (
            c['id'], c['name'], c['email'], c['org'], c['role'], c['tz'], c['lang'])
    for v in w.invoices.values():
        due = ds(d(v['date']) + dt.timedelta(days=14))
        lf = 'none' if not v['late_fee'] else '%s (charged after the due date)' % money(v['late_fee'])
        if v.get('waived'):
            lf = '%s (charged after the due date; waived on %s)' % (money(v['late_fee']), v['waived'])
        st = ('paid %s' % v['paid']) if v['status'] == 'paid' else 'unpaid'
        rc = '; '.join('%s %s on %s' % (a, money(b), c) for a, b, c in v['received']) or 'none'
        ou = '; '.join('%s %s' % (a, money(b)) for a, b in v['outstanding']) or 'none'
        rec['invoice'][v['id']] = '\n'.join([
            'INVOICE %s  org %s  issued %s  due %s' % (v['id'], v['org'], v['date'], due),
            'item: %s   amount: %s' % (v['item'], money(v['amount'])),
            'late fee: %s' % lf,
            'status: %s        (as of %s)' % (st, v['asof']),
            'payments received since the previous invoice: %s' % rc,
            'outstanding from earlier invoices: %s' % ou])
    for p in w.ptix.values():
        rec['ticket'][p['id']] = 'PREVIOUS TICKET %s  org %s  opened %s by %s\nsubject: %s\noutcome: %s' % (
            p['id'], p['org'], p['date'], p['by'], p['subject'], p['text'])
    for k, (title, plans) in KB.items():
        if plans is None:
            body = 'Monthly list prices: ' + ', '.join('%s %s' % (p, money(PRICES[p])) for p in PLANS) + \
                   '. Late fee: 10% of the invoice amount, charged after the due date (14 days).'
        else:
            body = 'Available on: %s. Set it up under Settings > %s.' % (', '.join(plans), title.split(' (')[0])
        rec['kb'][k] = 'KB %s  %s\n%s' % (k, title, body)
    tickets = []
    for t in w.queue:
        c = w.customers[t['cust']]
        tickets.append(dict(id=t['tid'], org=t['org_id'], customer=t['cust'], name=c['name'],
                            subject=t['subject'], body=t['body'], answers=t['answers']))
    return dict(today=TODAY, tickets=tickets, records=rec)

# ---------------------------------------------------------------- policy solver
def later_p(w, o, kind, after):
    return [w.ptix[p] for p in o['ptix'] if w.ptix[p]['kind'] == kind and w.ptix[p]['date'] > after]

def solve(w, mode='correct'):
    """Return {tid: act or None}, reasons, needed lookups (correct mode). mode: correct|customer|records."""
    sec_orgs = {t['org'] for t in w.queue if t['type'] == 'SEC'}
    granted = {}  # org letter -> waivers granted in queue
    acts, reasons, needed = {}, {}, {}
    for t in w.queue:
        o = w.orgs[t['org']]
        need = ['open %s' % t['tid']]
        claimp = t.get('claim_plan') if mode == 'customer' else None

        def cur_plan(at=TODAY):
            if claimp and t['type'] == 'HOWTO':
                return claimp
            if claimp and t['type'] == 'PF' and at >= t['claim_eff']:
                return claimp
            plan = o['plan_rec']
            if mode != 'records':
                for p in later_p(w, o, 'plan', o['asof']):
                    if 'plan' in p['effect'] and p['effect']['plan'][1] <= at:
                        plan = p['effect']['plan'][0]
            return plan

        def plan_needs():
            return ['record org %s' % o['id']] + ['record ticket %s' % p['id'] for p in later_p(w, o, 'plan', o['asof'])]

        def prio(base):
            lv = ['low', 'normal', 'high', 'urgent']
            if base == 'urgent': return 'urgent'
            i = lv.index(base)
            return lv[i + 1] if cur_plan() == 'Enterprise' else base

        def frozen():
            if t['org'] in sec_orgs: return True, []
            s = o['sec_rec']
            ps = later_p(w, o, 'security', o['asof'])
            if mode != 'records':
                for p in ps:
                    if 'sec' in p['effect']: s = p['effect']['sec']
            return s == 'open', ['record ticket %s' % p['id'] for p in ps]

        ty = t['type']
        if ty == 'LEAVE':
            acts[t['tid']] = None
            reasons[t['tid']] = 'rule 4: %s - leave untouched' % {'auto': 'automatic reply', 'thanks': 'thank-you note',
                                                                  'followup': 'follow-up on another queue ticket'}[t['v']]
        elif ty == 'SEC':
            acts[t['tid']] = dict(priority='urgent', department='security', disposition='escalate', amount=0,
                                  reply='escalated_security')
            reasons[t['tid']] = 'rule 5: security report - escalate; opens a hold on %s' % o['id']
        elif ty in ('DUP', 'PF'):
            need += plan_needs()
            fz, fneed = frozen()
            need += ['record org %s' % o['id']] + fneed
            pr = prio('normal')
            if fz:
                acts[t['tid']] = dict(priority=pr, department='billing', disposition='hold', amount=0, reply='refund_on_hold')
                why = 'security ticket in this queue' if t['org'] in sec_orgs else 'latest security record says hold open'
                reasons[t['tid']] = 'rule 6: %s frozen (%s) - hold' % (o['id'], why)
            elif ty == 'DUP':
                a, b = w.invoices[t['inv_a']], w.invoices[t['inv_b']]
                need += ['record invoice %s' % a['id'], 'record invoice %s' % b['id']]
                ps = later_p(w, o, 'refund', b['asof'])
                dup = (a['item'] == b['item']) or mode == 'customer'
                if dup:
                    need += ['record ticket %s' % p['id'] for p in ps]
                refunded = mode == 'correct' and any(p['effect'].get('refunded') == b['id'] for p in ps)
                if not dup:
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='deny', amount=0, reply='charges_valid')
                    reasons[t['tid']] = 'rule 7: %s is "%s", not the same item as %s - not duplicates' % (b['id'], b['item'], a['id'])
                elif refunded:
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='deny', amount=0, reply='already_refunded')
                    reasons[t['tid']] = 'rule 7: duplicates, but a later previous ticket refunded %s already' % b['id']
                else:
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='refund', amount=b['amount'],
                                          reply='refund_issued')
                    reasons[t['tid']] = 'rule 7: true duplicate, not frozen, not refunded - refund %s %s' % (b['id'], money(b['amount']))
            else:
                inv = w.invoices[t['inv']]
                need += ['record invoice %s' % inv['id']]
                eff_plan = cur_plan(at=inv['date'])
                if PRICES[inv['plan']] > PRICES[eff_plan]:
                    amt = PRICES[inv['plan']] - PRICES[eff_plan]
                    need += ['record kb KB-1']
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='credit', amount=amt, reply='credit_issued')
                    reasons[t['tid']] = 'rule 8 + 2: later plan-change ticket confirms %s from %s; %s billed %s - credit %s' % (
                        eff_plan, t['claim_eff'], inv['id'], inv['plan'], money(amt))
                else:
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='deny', amount=0, reply='plan_confirmed')
                    reasons[t['tid']] = 'rules 1, 8: no record confirms the claimed change; plan in effect is %s as billed' % eff_plan
        elif ty == 'W':
            need += plan_needs()
            pr = prio('normal')
            inv = w.invoices[t['inv']]
            need += ['record invoice %s' % inv['id']]
            paid = inv['status'] == 'paid'
            if not paid and t.get('claim_paid'):
                if mode == 'customer':
                    paid = True
                elif mode == 'correct':
                    need += ['ask %s paid_date' % t['tid']]
                    nxt = sorted([w.invoices[i] for i in o['invoices'] if w.invoices[i]['date'] > t['claim_paid']],
                                 key=lambda v: v['date'])
                    if nxt:
                        need += ['record invoice %s' % nxt[0]['id']]
                        paid = any(x[0] == inv['id'] for x in nxt[0]['received'])
            if not paid:
                acts[t['tid']] = dict(priority=pr, department='billing', disposition='deny', amount=0, reply='invoice_unpaid')
                reasons[t['tid']] = 'rule 9a: %s unpaid; the first invoice after the claimed payment date does not list it' % inv['id']
            else:
                used = o['waiv_rec']
                if mode == 'customer' and t.get('never'):
                    used = 0
                if mode != 'records' and not (mode == 'customer' and t.get('never')):
                    used += sum(1 for p in later_p(w, o, 'waiver', o['asof']) if p['effect'].get('waiver') == 'granted')
                q = granted.get(t['org'], 0)
                if q == 0:
                    need += ['record ticket %s' % p['id'] for p in later_p(w, o, 'waiver', o['asof'])]
                used += q
                if used >= 1:
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='deny', amount=0,
                                          reply='waiver_allowance_used')
                    src = 'granted earlier in this queue' if q else ('org record' if o['waiv_rec'] else 'a later previous ticket')
                    reasons[t['tid']] = 'rule 9b: 2025 waiver already used (%s)' % src
                else:
                    granted[t['org']] = q + 1
                    acts[t['tid']] = dict(priority=pr, department='billing', disposition='waive', amount=inv['late_fee'],
                                          reply='waiver_granted')
                    extra = ' (paid per the next invoice, record stale)' if inv['status'] != 'paid' else ''
                    reasons[t['tid']] = 'rule 9c: %s paid%s, allowance free - waive %s' % (inv['id'], extra, money(inv['late_fee']))
        elif ty == 'HOWTO':
            need += plan_needs()
            kb = FEATURE[t['feature']]
            if t.get('vague'):
                need += ['ask %s feature' % t['tid']]
            need += ['record kb %s' % kb]
            pl = cur_plan()
            ok = pl in KB[kb][1]
            acts[t['tid']] = dict(priority=prio('low'), department='technical', disposition='answer', amount=0,
                                  reply='kb_article' if ok else 'upgrade_required', kb=kb)
            reasons[t['tid']] = 'rule 10: current plan %s %s in %s list' % (pl, 'is' if ok else 'is not', kb)
        needed[t['tid']] = need
    return acts, reasons, needed

# ---------------------------------------------------------------- main
def encode(obj):
    return base64.b64encode(zlib.compress(json.dumps(obj, sort_keys=True).encode(), 9)).decode()

def main():
    os.makedirs(os.path.join(PLAY, 'worlds'), exist_ok=True)
    md = ['# Keys, family E (support desk with a binding budget)\n']
    for name, spec in SKELETONS.items():
        w = Builder(name, spec).build()
        world = render(w)
        acts, reasons, needed = solve(w, 'correct')
        seen, plan = set(), ['queue']
        for t in w.queue:
            for c in needed[t['tid']]:
                if c not in seen:
                    seen.add(c); plan.append(c)
            if acts[t['tid']] is not None:
                plan.append('act %s %s' % (t['tid'], json.dumps(acts[t['tid']], sort_keys=True)))
        plan.append('submit')
        ref = len(plan)
        budget = ref + max(3, math.ceil(0.15 * ref))
        world['budget'] = budget
        world['name'] = name
        with open(os.path.join(PLAY, 'worlds', name + '.dat'), 'w') as f:
            f.write(encode(world) + '\n')
        baselines = {m: solve(w, m)[0] for m in ('customer', 'records')}
        n_records = sum(len(v) for v in world['records'].values())
        key = dict(name=name, budget=budget, reference_steps=ref, n_records=n_records,
                   expected={tid: acts[tid] for tid in acts}, reasons=reasons, needed=needed,
                   reference_plan=plan, baseline_acts=baselines,
                   ticket_types={t['tid']: '%s/%s/%s' % (t['type'], t.get('v', t.get('feature', '')), t['org_id'])
                                 for t in w.queue},
                   ticket_org={t['tid']: t['org_id'] for t in w.queue},
                   freeze_orgs=sorted({w.orgs[t['org']]['id'] for t in w.queue if t['type'] in ('DUP', 'PF')
                                       and acts[t['tid']]['disposition'] == 'hold'}),
                   waiver_orgs={w.orgs[t['org']]['id']: 1 for t in w.queue if t['type'] == 'W'},
                   refunded_invoices=[t['inv_b'] for t in w.queue if t['type'] == 'DUP' and acts[t['tid']]['reply'] == 'already_refunded'])
        with open(os.path.join(HERE, name + '.key.json'), 'w') as f:
            json.dump(key, f, indent=1, sort_keys=True)
        md.append('## %s  (budget %d, reference %d steps, spare %d = %.0f%% of the reference; %d records, %d tickets)\n' % (
            name, budget, ref, budget - ref, 100.0 * (budget - ref) / ref, n_records, len(w.queue)))
        md.append('| ticket | type | intended final state | reason |')
        md.append('| --- | --- | --- | --- |')
        for t in w.queue:
            a = acts[t['tid']]
            st = 'untouched' if a is None else '%s / %s / %s / %s / %s%s' % (
                a['disposition'], money(a['amount']), a['reply'], a['priority'], a['department'],
                (' / ' + a['kb']) if a.get('kb') else '')
            md.append('| %s | %s | %s | %s |' % (t['tid'], key['ticket_types'][t['tid']], st, reasons[t['tid']]))
        md.append('')
    with open(os.path.join(HERE, 'KEY.md'), 'w') as f:
        f.write('\n'.join(md))
    print('\n'.join(md))

if __name__ == '__main__':
    main()
