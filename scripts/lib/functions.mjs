import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * The named functions (declarations, methods, and arrow or function expressions given to a variable) of the given
 * TypeScript files with their length in lines, from declaration to closing brace; longest first.
 */
export function functionLengths(files) {
  const found = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      let name;
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) name = node.name?.getText(source);
      else if (
        (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
        ts.isVariableDeclaration(node.parent)
      )
        name = node.parent.name.getText(source);
      if (name) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ name, file, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}
