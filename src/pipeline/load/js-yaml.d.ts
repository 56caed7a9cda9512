// The part of js-yaml 3's API that yaml.ts uses (the package ships no types of its own).
declare module 'js-yaml' {
  interface LoadOptions {
    schema?: unknown;
    json?: boolean;
    listener?: (event: 'open' | 'close', state: { position: number; kind: 'scalar' | 'mapping' | 'sequence' | null; result: unknown }) => void;
  }
  const jsYaml: {
    CORE_SCHEMA: unknown;
    safeLoad(text: string, options?: LoadOptions): unknown;
  };
  export default jsYaml;
}
