import { expect } from '@esm-bundle/chai';
import { ERROR_CATALOGUE, ErrorCode, errorCodeForHttpStatus, getErrorInfo, ViewerError } from '../../../core/index.js';

describe('error catalogue', () => {
  it('has codes 1 to 13, each with a title, a message and hints', () => {
    for (let code = 1; code <= 13; code++) {
      const info = getErrorInfo(code)!;
      expect(info, `code ${code}`).to.exist;
      expect(info.title).to.be.a('string').and.not.empty;
      expect(info.message).to.be.a('string').and.not.empty;
      expect(info.hints).to.be.an('array').and.not.empty;
    }
    expect(getErrorInfo(14)).to.equal(undefined);
    expect(Object.keys(ERROR_CATALOGUE)).to.have.length(13);
  });

  it('names the spec meanings', () => {
    expect(ErrorCode.BAD_DATA).to.equal(2);
    expect(ErrorCode.UNSUPPORTED_FILE_EXTENSION).to.equal(13);
    expect(ERROR_CATALOGUE[13].message).to.equal('File extension not supported');
    expect(ERROR_CATALOGUE[9].message).to.equal('No viewable content');
  });

  it('maps HTTP failures to codes', () => {
    expect(errorCodeForHttpStatus(401)).to.equal(4);
    expect(errorCodeForHttpStatus(403)).to.equal(4);
    expect(errorCodeForHttpStatus(404)).to.equal(5);
    expect(errorCodeForHttpStatus(503)).to.equal(6);
    expect(errorCodeForHttpStatus(0)).to.equal(3);
    expect(errorCodeForHttpStatus(418)).to.equal(7);
    const error = ViewerError.fromHttpStatus(404, 'Not Found', 'x.glb');
    expect(error.toDetail()).to.deep.equal({ code: 5, message: 'Error: 404 Not Found (x.glb)', httpStatus: 404 });
  });
});
