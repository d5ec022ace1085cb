#!/usr/bin/env python3
"""Support desk simulator, family E.  Usage: python3 sim.py <instance> <session-dir> '<command>'
Commands: policy | help | queue | open <T-n> | record <org|customer|invoice|ticket|kb> <id> |
          ask <T-n> <field> | act <T-n> <json> | submit.   See README.md."""
import base64, json, os, sys, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ['plan', 'paid_date', 'feature', 'prior_waiver', 'invoice', 'change']
ENUM = {
    'priority': ['low', 'normal', 'high', 'urgent'],
    'department': ['billing', 'technical', 'security'],
    'disposition': ['refund', 'credit', 'waive', 'deny', 'hold', 'escalate', 'answer'],
    'reply': ['refund_issued', 'credit_issued', 'waiver_granted', 'charges_valid', 'already_refunded',
              'plan_confirmed', 'invoice_unpaid', 'waiver_allowance_used', 'refund_on_hold',
              'escalated_security', 'kb_article', 'upgrade_required'],
}
KINDS = ['org', 'customer', 'invoice', 'ticket', 'kb']


def load_world(name):
    path = os.path.join(HERE, 'worlds', name + '.dat')
    if not os.path.exists(path):
        sys.exit('no such instance: %s' % name)
    return json.loads(zlib.decompress(base64.b64decode(open(path).read())))


def main(argv):
    if len(argv) < 3:
        print(__doc__); return 2
    inst, sdir, cmd = argv[0], argv[1], ' '.join(argv[2:]).strip()
    w = load_world(inst)
    os.makedirs(sdir, exist_ok=True)
    sp = os.path.join(sdir, 'state.json')
    if os.path.exists(sp):
        st = json.load(open(sp))
        if st['instance'] != inst:
            sys.exit('session %s belongs to instance %s' % (sdir, st['instance']))
    else:
        st = dict(instance=inst, budget=w['budget'], steps=0, acts={}, log=[], submitted=False)
    tickets = {t['id']: t for t in w['tickets']}
    verb, _, rest = cmd.partition(' ')
    rest = rest.strip()

    def save():
        with open(sp, 'w') as f:
            json.dump(st, f, indent=1)

    def refuse(msg):  # syntax refusals are free
        print('REFUSED (no step used): ' + msg)
        return 1

    if verb == 'policy':
        print(open(os.path.join(HERE, 'POLICY.md')).read()); return 0
    if verb == 'help':
        print(__doc__); print('ask fields: ' + ', '.join(FIELDS)); return 0
    if verb not in ('queue', 'open', 'record', 'ask', 'act', 'submit'):
        return refuse('unknown command %r (commands: policy, help, queue, open, record, ask, act, submit)' % verb)
    if st['submitted']:
        print('REFUSED: the episode was submitted; it is graded as it stands.'); return 1
    if st['steps'] >= st['budget']:
        print('REFUSED: step budget (%d) used up; the episode is over and graded as it stands.' % st['budget'])
        return 1
    # syntax checks before a step is charged
    args = rest.split()
    if verb == 'open' and len(args) != 1:
        return refuse('usage: open <T-n>')
    if verb == 'record' and (len(args) != 2 or args[0] not in KINDS):
        return refuse('usage: record <%s> <id>' % '|'.join(KINDS))
    if verb == 'ask' and (len(args) != 2 or args[1] not in FIELDS):
        return refuse('usage: ask <T-n> <field>, field one of: ' + ', '.join(FIELDS))
    if verb == 'act':
        tid, _, js = rest.partition(' ')
        if tid not in tickets:
            return refuse('no ticket %r in the queue' % tid)
        try:
            a = json.loads(js)
        except ValueError as e:
            return refuse('bad JSON: %s' % e)
        if not isinstance(a, dict):
            return refuse('the action must be a JSON object')
        need = ['priority', 'department', 'disposition', 'amount', 'reply']
        extra = set(a) - set(need) - {'kb'}
        if extra:
            return refuse('unknown fields: %s' % sorted(extra))
        for k in need:
            if k not in a:
                return refuse('missing field %s' % k)
        for k, vals in ENUM.items():
            if a[k] not in vals:
                return refuse('%s must be one of %s' % (k, vals))
        if not isinstance(a['amount'], (int, float)) or isinstance(a['amount'], bool) or a['amount'] < 0:
            return refuse('amount must be a number >= 0')
        if a['disposition'] == 'answer':
            if a.get('kb') not in w['records']['kb']:
                return refuse('answer needs kb, one of %s' % sorted(w['records']['kb']))
        elif 'kb' in a and a['kb'] is not None:
            return refuse('kb is only for disposition answer')
    if verb in ('queue', 'submit') and rest:
        return refuse('%s takes no argument' % verb)

    st['steps'] += 1
    head = '[step %d/%d]' % (st['steps'], st['budget'])
    out = []
    if verb == 'queue':
        out.append('Queue, today %s: %d tickets, to be worked in this order.' % (w['today'], len(w['tickets'])))
        for t in w['tickets']:
            out.append('  %-5s org %-5s from %-6s "%s"' % (t['id'], t['org'], t['customer'], t['subject']))
    elif verb == 'open':
        t = tickets.get(args[0])
        if not t:
            out.append('No ticket %s in the queue.' % args[0])
        else:
            out += ['TICKET %s  org %s  from %s (%s)' % (t['id'], t['org'], t['name'], t['customer']),
                    'subject: %s' % t['subject'], '', t['body']]
    elif verb == 'record':
        txt = w['records'][args[0]].get(args[1])
        out.append(txt if txt else 'No %s record %s.' % (args[0], args[1]))
    elif verb == 'ask':
        t = tickets.get(args[0])
        if not t:
            out.append('No ticket %s in the queue.' % args[0])
        else:
            out.append('%s (customer, %s): %s' % (t['name'], t['id'],
                                                   t['answers'].get(args[1], "I don't have anything to add on that.")))
    elif verb == 'act':
        if tid in st['acts']:
            out.append('Not done: %s already has its action (actions are final).' % tid)
        else:
            a = dict(a); a['amount'] = round(float(a['amount']), 2)
            st['acts'][tid] = a
            out.append('Done: %s %s' % (tid, json.dumps(a, sort_keys=True)))
    elif verb == 'submit':
        st['submitted'] = True
        out.append('Submitted. %d tickets acted on, %d left untouched.' % (len(st['acts']), len(w['tickets']) - len(st['acts'])))
    if st['steps'] >= st['budget'] and not st['submitted']:
        out.append('(That was the last step of the budget: the episode is over.)')
    st['log'].append(dict(step=st['steps'], cmd=cmd))
    save()
    print(head + ' ' + '\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
