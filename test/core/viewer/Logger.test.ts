import { expect } from '@esm-bundle/chai';
import { DEFAULT_LOG_LEVEL, Logger, LogLevel, parseLogLevel } from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';

describe('Logger', () => {
  let recorder: ConsoleRecorder;
  beforeEach(() => (recorder = new ConsoleRecorder().start()));
  afterEach(() => {
    recorder.stop();
    Logger.setLevel(DEFAULT_LOG_LEVEL);
  });

  it('has the spec levels none 0 … debug 5 and defaults to error', () => {
    expect(LogLevel).to.deep.equal({ NONE: 0, ERROR: 1, WARNING: 2, INFO: 3, LOG: 4, DEBUG: 5 });
    expect(new Logger().level).to.equal(LogLevel.ERROR);
  });

  it('prints errors but not warnings at the default level', () => {
    const logger = new Logger();
    logger.warn('quiet');
    logger.error('loud');
    expect(recorder.warnings).to.deep.equal([]);
    expect(recorder.errors).to.deep.equal(['loud']);
  });

  it('follows Logger.setLevel unless it has a level of its own', () => {
    const follower = new Logger();
    const own = new Logger();
    own.setLevel('none');
    Logger.setLevel(LogLevel.WARNING);
    follower.warn('heard');
    own.error('silenced');
    expect(recorder.warnings).to.deep.equal(['heard']);
    expect(recorder.errors).to.deep.equal([]);
  });

  it('reads levels by name or number and rejects anything else', () => {
    expect(parseLogLevel('debug')).to.equal(5);
    expect(parseLogLevel('WARNING')).to.equal(2);
    expect(parseLogLevel(3)).to.equal(3);
    expect(parseLogLevel('4')).to.equal(4);
    expect(parseLogLevel('loud')).to.equal(undefined);
    expect(parseLogLevel(9)).to.equal(undefined);
  });
});
