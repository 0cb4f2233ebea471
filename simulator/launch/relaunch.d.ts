export declare const LAUNCHER_PID: string;
export declare function relaunch(env: NodeJS.ProcessEnv): void;
export declare function followLauncher(): void;
