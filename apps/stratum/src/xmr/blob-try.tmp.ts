import { parseBlockTemplate, hashingBlob, withExtraNonce } from './blob.ts';
const P = process.argv[2];
const A = '49XnyVoFRQZYT7pa4gxjcAU27VcdAjvNeTFiESXvzo1k3DMNybsGT5mSQ7kCBN7yZQSc3uR7GJZQriQkodSofFVPNXBJoA7';
const r = await fetch(`http://127.0.0.1:${P}/json_rpc`, {
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'get_block_template', params: { wallet_address: A, reserve_size: 8 } }),
});
const t = (await r.json()).result;
const tpl = parseBlockTemplate(Buffer.from(t.blocktemplate_blob, 'hex'), t.reserved_offset, 8);
console.log(hashingBlob(tpl, tpl.blob).toString('hex') === t.blockhashing_blob, tpl.nonceOffset);
console.log(hashingBlob(tpl, withExtraNonce(tpl, Buffer.from('0102030405060708', 'hex'))).toString('hex'));
