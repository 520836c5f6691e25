/** A module's default export, a function, bundled and minified as a classic script that calls it (vite.config.ts). */
declare module "*?inline-script" {
  const script: string;
  export default script;
}
