type PascalCase<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${PascalCase<Tail>}` : Capitalize<Name>;

/** The React prop of an event: `selection-change` → `onSelectionChange`. */
export type ReactEventPropName<Name extends string> = `on${PascalCase<Name>}`;

/** The React wrapper's prop for an event name, the same at run time as ReactEventPropName is in types. */
export function reactEventPropName<Name extends string>(name: Name): ReactEventPropName<Name> {
  return `on${name.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase())}` as ReactEventPropName<Name>;
}
