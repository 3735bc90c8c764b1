// node split.cjs ALL BASE > MORE: what ALL (Bootstrap purged for every page) has beyond BASE (purged for the table
// page), in ALL's order and inside the same at-rules. A rule's selector that BASE styles with all the rule's
// declarations is dropped from it, and so is a declaration BASE gives to all the rule's selectors. Pages that load
// BASE then MORE get every rule of ALL; the table page loads BASE alone. Run by tools/bootstrap/run.sh.
const fs = require("fs");
const postcss = require("postcss");

const where = (node) => {
  const path = [];
  for (let up = node.parent; up && up.type === "atrule"; up = up.parent) path.unshift(`@${up.name} ${up.params}`);
  return path.join(" ");
};
const declaration = (decl) => `${decl.prop}:${decl.value}${decl.important ? "!important" : ""}`;
const atom = (rule, selector, decl) => `${where(rule)}|${selector}|${declaration(decl)}`;

function atoms(root) {
  const found = new Set();
  root.walkRules((rule) => rule.each((decl) => {
    if (decl.type === "decl") rule.selectors.forEach((selector) => found.add(atom(rule, selector, decl)));
  }));
  return found;
}

function subtract(all, base) {
  const inBase = atoms(base);
  all.walkRules((rule) => {
    const decls = rule.nodes.filter((node) => node.type === "decl");
    const covered = rule.selectors.filter((selector) => decls.every((decl) => inBase.has(atom(rule, selector, decl))));
    if (covered.length === rule.selectors.length) return rule.remove();
    if (covered.length) rule.selectors = rule.selectors.filter((selector) => !covered.includes(selector));
    decls.filter((decl) => rule.selectors.every((selector) => inBase.has(atom(rule, selector, decl))))
      .forEach((decl) => decl.remove());
  });
  all.walkAtRules((at) => { if (at.nodes && !at.nodes.length) at.remove(); });
  all.walkAtRules((at) => { if (at.nodes && !at.nodes.length) at.remove(); });  // @media emptied by the line above
}

const [allFile, baseFile] = process.argv.slice(2);
const base = postcss.parse(fs.readFileSync(baseFile, "utf8"));
const more = postcss.parse(fs.readFileSync(allFile, "utf8"));
subtract(more, base);
// What a page loading both gets is what it got from ALL alone, and the table page gets nothing ALL lacks.
const [inAll, inBase, inMore] = [atoms(postcss.parse(fs.readFileSync(allFile, "utf8"))), atoms(base), atoms(more)];
const lost = [...inAll].filter((a) => !inBase.has(a) && !inMore.has(a));
const extra = [...inBase, ...inMore].filter((a) => !inAll.has(a));
if (lost.length || extra.length) {
  console.error("split.cjs: lost", lost.slice(0, 5), "extra", extra.slice(0, 5));
  process.exit(1);
}
process.stdout.write(more.toString());
