import ts from 'typescript';
import fs from 'fs';
import path from 'path';
const files = process.argv.slice(2);
let total=0; const per={};
for (const f of files) {
  const src = fs.readFileSync(f,'utf8');
  const sf = ts.createSourceFile(f, src, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits=[];
  const visit=(n)=>{
    if (ts.isJsxText(n)) { const t=n.getText().trim(); if (/[A-Za-zÁÉÍÓÚáéíóúñ]{2}/.test(t)) hits.push(t); }
    if (ts.isJsxAttribute(n) && n.initializer && ts.isStringLiteral(n.initializer)) {
      const name=n.name.getText();
      if (['label','placeholder','aria-label','title','alt','emptyText','header','texto','text'].includes(name) && /[a-záéíóúñ]{2}/i.test(n.initializer.text)) hits.push(name+'="'+n.initializer.text+'"');
    }
    if (ts.isPropertyAssignment(n) && ['label','header','title','placeholder','text','titulo','etiqueta'].includes(n.name.getText()) && ts.isStringLiteral(n.initializer) && /[a-záéíóúñ]{2}/i.test(n.initializer.text)) hits.push(n.name.getText()+': '+n.initializer.text);
    ts.forEachChild(n,visit);
  };
  visit(sf);
  if (hits.length){ per[f]=hits; total+=hits.length; }
}
for (const [f,h] of Object.entries(per).sort((a,b)=>b[1].length-a[1].length)) console.log(h.length, f, process.env.V? '\n   '+h.slice(0,50).join('\n   '):'');
console.log('total', total, 'files', Object.keys(per).length);
