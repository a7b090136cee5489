import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { M } from '../messages';

/**
 * Issue #14 point 6: every Spanish text a person sees comes from the message catalogue
 * (shared/messages/<area>.ts), never from a string written in a screen. This reads every web source
 * file and lists what would show text of its own: JSX text with words, and string literals in the
 * attributes and properties that end up on screen or in a screen reader.
 */
const ROOT = path.resolve(__dirname, '../..');
const VISIBLE_ATTRIBUTES = new Set(['label', 'placeholder', 'aria-label', 'aria-description', 'title', 'alt', 'emptyText', 'header', 'text', 'texto', 'titulo', 'etiqueta', 'confirmText', 'cancelText']);
const WORD = /[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{2}/;

/** Texts that are not words of the interface: a unit, a code, a symbol. Each one says why. */
const ALLOWED = new Set<string>([
  // SweetAlert2's customClass: the CSS class of a dialog's title, not a text.
  "title: 'app-dialog__title'",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__fixtures__' || d.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

function inlineTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().trim();
      if (WORD.test(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (VISIBLE_ATTRIBUTES.has(node.name.getText()) && WORD.test(node.initializer.text)) found.push(`${node.name.getText()}="${node.initializer.text}"`);
    } else if (ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.initializer) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      if (WORD.test(node.initializer.text)) found.push(`${node.name.getText()}: '${node.initializer.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((t) => !ALLOWED.has(t));
}

describe('catálogo de mensajes', () => {
  it('cada texto visible de la aplicación web viene del catálogo', () => {
    const inline = sourceFiles(path.join(ROOT, 'web'))
      .map((file) => ({ file: path.relative(ROOT, file), texts: inlineTexts(file) }))
      .filter((f) => f.texts.length > 0)
      .map((f) => `${f.file}: ${f.texts.join(' | ')}`);
    expect(inline).toEqual([]);
  });

  it('el catálogo reúne cada archivo de área, también los textos de la API heredada', async () => {
    const areas = readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of areas) {
      const exported = Object.keys((await import(path.join(__dirname, file))) as object);
      for (const name of exported) expect(M, `${file} exporta ${name}`).toHaveProperty(name);
    }
    expect(M.legacy.ventaRegistrada).toBe('Venta registrada');
  });

  it('la web no importa el catálogo entero: cada pantalla trae solo los textos de sus áreas', () => {
    const barrel = sourceFiles(path.join(ROOT, 'web')).filter((file) => /from '#shared\/messages'/.test(readFileSync(file, 'utf8')));
    expect(barrel.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
