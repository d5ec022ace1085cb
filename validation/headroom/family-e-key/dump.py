import json,base64,zlib,sys
n=sys.argv[1]
w=json.loads(zlib.decompress(base64.b64decode(open('/work/coord/h22-paper3/worlds/%s.dat'%n).read())))
k=json.load(open('%s.key.json'%n))
for t in w['tickets']:
    print('==',t['id'],t['org'],t['customer'],t['subject'],'|',t['body'],'| asks:',t['answers'])
    print('   needed:',k['needed'][t['id']][1:],'\n   key:',k['expected'][t['id']],'\n   why:',k['reasons'][t['id']])
print()
for kind in ['org','invoice','ticket']:
    for i,txt in sorted(w['records'][kind].items()):
        print(txt);print()
