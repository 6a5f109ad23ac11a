export declare function webglProblem(text: string): boolean;
export declare function createRecordedPage(args: { context: unknown }): Promise<unknown>;
export declare function webglConsolePlugin(): unknown;
