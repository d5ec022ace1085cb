#!/usr/bin/env python3
"""Print an instance (decoded world + key) for auditing: python3 dump.py F1"""
import base64, hashlib, json, os, sys, zlib
HERE = os.path.dirname(os.path.abspath(__file__))
SALT = b'deskbench-h22-e2'
def load(n):
    raw = base64.b64decode(open(os.path.join(HERE, '..', 'h22-paper4', 'worlds', n + '.dat')).read())
    ks = b''.join(hashlib.sha256(SALT + n.encode() + i.to_bytes(4, 'big')).digest() for i in range(len(raw) // 32 + 1))
    return json.loads(zlib.decompress(bytes(a ^ b for a, b in zip(raw, ks))))
if __name__ == '__main__':
    n = sys.argv[1]; w = load(n); k = json.load(open(os.path.join(HERE, n + '.key.json')))
    print(w['appendix'], '\nbudget', w['budget'])
    for t in w['tickets']:
        print('==', t['id'], t['org'], t['customer'], repr(t['subject']), '|', t['body'], '| asks:', t['answers'])
        print('   needed:', k['needed'][t['id']], '\n   key:', k['expected'][t['id']], '\n   why:', k['reasons'][t['id']])
    print()
    for kind in ['org', 'invoice', 'ticket', 'kb']:
        for i, txt in sorted(w['records'][kind].items()):
            print(txt); print()
