import Database from 'better-sqlite3';
const db = new Database(':memory:');
db.exec(`CREATE TABLE o (seq INTEGER PRIMARY KEY, type TEXT, sort_key TEXT NOT NULL, doc BLOB); CREATE INDEX o_s ON o(type, sort_key, seq);
CREATE TABLE p (ver INTEGER PRIMARY KEY, seq INTEGER NOT NULL, type TEXT, sort_key TEXT NOT NULL, doc BLOB); CREATE INDEX p_s ON p(type, sort_key, seq);`);
const ins = db.prepare('INSERT INTO o (type, sort_key, doc) VALUES (?,?,?)');
db.transaction(()=>{for (let i=0;i<100000;i++) ins.run('t','',Buffer.alloc(100));})();
for (const w of ["(sort_key, seq) > (?, ?)", "(sort_key > ? OR (sort_key = ? AND seq > ?))", "sort_key >= ? AND (sort_key > ? OR seq > ?)"]) {
  const n = (w.match(/\?/g)||[]).length;
  const args = n===2?['',99000]:['','',99000];
  const sql = `SELECT seq FROM o WHERE type='t' AND ${w} ORDER BY sort_key, seq LIMIT 150`;
  console.log(w); for (const r of db.prepare('EXPLAIN QUERY PLAN '+sql).all(...args)) console.log('  ',r.detail);
  const t=performance.now(); for(let i=0;i<50;i++) db.prepare(sql).all(...args); console.log('  ', ((performance.now()-t)/50).toFixed(3),'ms');
}
{
const sql = `SELECT seq, sort_key FROM o WHERE type='t' AND sort_key = ? AND seq > ? UNION ALL SELECT seq, sort_key FROM o WHERE type = 't' AND sort_key > ? ORDER BY sort_key, seq LIMIT 150`;
for (const r of db.prepare('EXPLAIN QUERY PLAN '+sql).all('',99000,'')) console.log('  ',r.detail);
const t=performance.now(); for(let i=0;i<50;i++) db.prepare(sql).all('',99000,''); console.log('  ', ((performance.now()-t)/50).toFixed(3),'ms');
}
