// Bootstrap, only what Tapete uses (tools/bootstrap/run.sh). Run from the project's root.
// PAGES=table: what the table page and its partials use (bootstrap.table.min.css, the table page's alone);
// otherwise what any page uses (bootstrap.min.css, every other page's).
const fs = require("fs");
const cssIn = (dir) => fs.existsSync(dir) ? fs.readdirSync(dir, {recursive: true})
  .filter((f) => f.endsWith(".css")).map((f) => fs.readFileSync(`${dir}/${f}`, "utf8")) : [];
// The custom properties our own stylesheets read (var(--bs-…)) stay, whether Bootstrap's kept rules read them or not.
const ours = [...cssIn("static/app"), ...fs.readdirSync("games").flatMap((game) => cssIn(`games/${game}/static`))];
const ourVariables = [...new Set(ours.join("\n").match(/--bs-[\w-]+/g))];
const tablePage = [
  "templates/base.html", "templates/scoring/table.html", "templates/scoring/_record_form.html",
  "templates/scoring/_preview.html", "templates/scoring/record/*.html", "templates/scoring/widgets/*.html",
  "games/*/templates/**/*.html",
];
module.exports = {
  css: [process.env.BOOTSTRAP_CSS],
  content: [
    ...(process.env.PAGES === "table" ? tablePage : ["templates/**/*.html", "games/*/templates/**/*.html"]),
    "static/app/*.js", "games/*/static/**/*.js",                              // classes set by scripts
    "scoring/**/*.py", "games/**/*.py", "referee/**/*.py", "config/**/*.py",  // classes in Python (widgets)
  ],
  // words in the content that name no element of the table page: "pre" in a comment of scoring/views/tables.py
  blocklist: process.env.PAGES === "table" ? ["pre"] : [],
  keyframes: true,  // no spinners, no striped progress bars
  variables: true,  // no custom property that nothing reads
  safelist: {
    standard: [
      /^alert-(success|info|warning|danger)$/,  // base.html: alert-{{ message.tags }}
      // what a new page reaches for first, cheap to keep (no responsive copies, no components); not on the table
      // page, whose every byte counts (tests/browser/test_reach.py): what its templates use is kept, no more
      ...(process.env.PAGES === "table" ? [] : [
        /^text-(primary|secondary|success|danger|warning|info|muted)$/, /^text-body-secondary$/, /^(fw|fs)-/,
        /^visually-hidden/, /^text-(start|end|center|wrap|nowrap|truncate)$/]),
    ],
    variables: [...ourVariables,
      /^--bs-(body|emphasis|secondary|tertiary|border|link|font|primary|success|danger|warning|info|light|dark|gray|white|black)/],
  },
};
