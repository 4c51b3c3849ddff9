/** The `?rest` half of Blueprint's stylesheet (scripts/blueprint-css-split.ts): a side-effect CSS import. */
declare module '@blueprintjs/core/lib/css/blueprint.css?rest';
