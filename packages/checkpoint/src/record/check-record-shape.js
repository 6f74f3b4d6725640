// Generated from checkpoint-record-schema.ts by ajv standalone code (JTD); do not edit.
// Write it again after changing the schema or upgrading ajv (from packages/checkpoint):
//   WEFT_WRITE_RECORD_CHECK=1 npx vitest run src/record/check-record-shape.test.ts && npx prettier --write src/record/check-record-shape.js
// sha256 of ajv's code: 73c9b501ca369c61e16fe508048b244c78dab6b584feb21ce2d9bab6d445fcfa
//
// Why generated: compiling the schema in the process meant loading ajv (about
// 30 ms) and compiling it (about 9 ms) at the first checkpoint a process
// decoded, most of the first interrupt + resume cycle (32.7 ms of 139 ms for
// import + setup + first run; pnpm bench:cold, 2026-11-28). The generated
// function is the one ajv compiles, so each check costs the same.
'use strict';
export const checkRecordShape = validate0;
const schema0 = {
  definitions: {
    record: {
      properties: {
        graph: { type: 'string' },
        hash: { type: 'string' },
        threadId: { type: 'string' },
        id: { type: 'string' },
        parentId: { type: 'string', nullable: true },
        seq: { type: 'uint32' },
        step: { type: 'uint32' },
        status: { enum: ['running', 'interrupted', 'done', 'error'] },
        source: { enum: ['input', 'step', 'resume', 'fork', 'migrate'] },
        createdAt: { type: 'float64' },
        state: {
          optionalProperties: {
            full: {},
            patches: {
              elements: {
                properties: { op: { enum: ['add', 'replace', 'remove'] }, path: { elements: {} } },
                optionalProperties: { value: {} },
                additionalProperties: true,
              },
            },
          },
          additionalProperties: true,
        },
        context: { values: {} },
        frontier: {
          elements: {
            properties: { node: { type: 'string' } },
            optionalProperties: { key: { type: 'string' }, input: {}, resume: { elements: {} }, sub: { ref: 'record' }, error: {} },
            additionalProperties: true,
          },
        },
        joins: {
          elements: {
            properties: { node: { type: 'string' }, delivered: { elements: { elements: {} } }, skipped: { elements: { type: 'string' } } },
            additionalProperties: true,
          },
        },
        skips: { elements: { elements: {} } },
        pending: {
          elements: {
            properties: {
              node: { type: 'string' },
              patches: {
                elements: {
                  properties: { op: { enum: ['add', 'replace', 'remove'] }, path: { elements: {} } },
                  optionalProperties: { value: {} },
                  additionalProperties: true,
                },
              },
            },
            optionalProperties: { key: { type: 'string' }, output: {} },
            additionalProperties: true,
          },
        },
        interrupts: {
          elements: {
            properties: { id: { type: 'string' }, address: { type: 'string' }, path: { elements: { type: 'string' } } },
            additionalProperties: true,
          },
        },
      },
      optionalProperties: {
        output: {},
        error: {},
        resumeValues: { elements: { elements: {} } },
        patched: { elements: { type: 'string' } },
        version: { type: 'string' },
        usage: {
          properties: {
            tokens: { type: 'float64' },
            inputTokens: { type: 'float64' },
            outputTokens: { type: 'float64' },
            costUsd: { type: 'float64' },
            modelCalls: { type: 'float64' },
            toolCalls: { type: 'float64' },
            wallMs: { type: 'float64' },
          },
        },
        budget: {
          optionalProperties: {
            tokens: { type: 'float64' },
            costUsd: { type: 'float64' },
            modelCalls: { type: 'float64' },
            toolCalls: { type: 'float64' },
            wallMs: { type: 'float64' },
            onExceeded: { enum: ['error', 'interrupt'] },
          },
        },
      },
      additionalProperties: true,
    },
  },
  ref: 'record',
};
const schema1 = {
  properties: {
    graph: { type: 'string' },
    hash: { type: 'string' },
    threadId: { type: 'string' },
    id: { type: 'string' },
    parentId: { type: 'string', nullable: true },
    seq: { type: 'uint32' },
    step: { type: 'uint32' },
    status: { enum: ['running', 'interrupted', 'done', 'error'] },
    source: { enum: ['input', 'step', 'resume', 'fork', 'migrate'] },
    createdAt: { type: 'float64' },
    state: {
      optionalProperties: {
        full: {},
        patches: {
          elements: {
            properties: { op: { enum: ['add', 'replace', 'remove'] }, path: { elements: {} } },
            optionalProperties: { value: {} },
            additionalProperties: true,
          },
        },
      },
      additionalProperties: true,
    },
    context: { values: {} },
    frontier: {
      elements: {
        properties: { node: { type: 'string' } },
        optionalProperties: { key: { type: 'string' }, input: {}, resume: { elements: {} }, sub: { ref: 'record' }, error: {} },
        additionalProperties: true,
      },
    },
    joins: {
      elements: {
        properties: { node: { type: 'string' }, delivered: { elements: { elements: {} } }, skipped: { elements: { type: 'string' } } },
        additionalProperties: true,
      },
    },
    skips: { elements: { elements: {} } },
    pending: {
      elements: {
        properties: {
          node: { type: 'string' },
          patches: {
            elements: {
              properties: { op: { enum: ['add', 'replace', 'remove'] }, path: { elements: {} } },
              optionalProperties: { value: {} },
              additionalProperties: true,
            },
          },
        },
        optionalProperties: { key: { type: 'string' }, output: {} },
        additionalProperties: true,
      },
    },
    interrupts: {
      elements: {
        properties: { id: { type: 'string' }, address: { type: 'string' }, path: { elements: { type: 'string' } } },
        additionalProperties: true,
      },
    },
  },
  optionalProperties: {
    output: {},
    error: {},
    resumeValues: { elements: { elements: {} } },
    patched: { elements: { type: 'string' } },
    version: { type: 'string' },
    usage: {
      properties: {
        tokens: { type: 'float64' },
        inputTokens: { type: 'float64' },
        outputTokens: { type: 'float64' },
        costUsd: { type: 'float64' },
        modelCalls: { type: 'float64' },
        toolCalls: { type: 'float64' },
        wallMs: { type: 'float64' },
      },
    },
    budget: {
      optionalProperties: {
        tokens: { type: 'float64' },
        costUsd: { type: 'float64' },
        modelCalls: { type: 'float64' },
        toolCalls: { type: 'float64' },
        wallMs: { type: 'float64' },
        onExceeded: { enum: ['error', 'interrupt'] },
      },
    },
  },
  additionalProperties: true,
};
const wrapper0 = { validate: validate1 };
function validate1(data, { instancePath = '', parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  let valid0 = false;
  if (data && typeof data == 'object' && !Array.isArray(data)) {
    valid0 = true;
    var valid1;
    if (data.graph !== undefined) {
      const _errs0 = errors;
      if (!(typeof data.graph == 'string')) {
        validate1.errors = [
          {
            instancePath: instancePath + '/graph',
            schemaPath: '/definitions/record/properties/graph/type',
            keyword: 'type',
            params: { type: 'string', nullable: false },
            message: 'must be string',
          },
        ];
        return false;
      }
      var valid1 = _errs0 === errors;
    } else {
      valid1 = false;
      validate1.errors = [
        {
          instancePath,
          schemaPath: '/definitions/record/properties/graph',
          keyword: 'properties',
          params: { error: 'missing', missingProperty: 'graph' },
          message: "must have property 'graph'",
        },
      ];
      return false;
    }
    if (valid1) {
      if (data.hash !== undefined) {
        const _errs1 = errors;
        if (!(typeof data.hash == 'string')) {
          validate1.errors = [
            {
              instancePath: instancePath + '/hash',
              schemaPath: '/definitions/record/properties/hash/type',
              keyword: 'type',
              params: { type: 'string', nullable: false },
              message: 'must be string',
            },
          ];
          return false;
        }
        var valid1 = _errs1 === errors;
      } else {
        valid1 = false;
        validate1.errors = [
          {
            instancePath,
            schemaPath: '/definitions/record/properties/hash',
            keyword: 'properties',
            params: { error: 'missing', missingProperty: 'hash' },
            message: "must have property 'hash'",
          },
        ];
        return false;
      }
      if (valid1) {
        if (data.threadId !== undefined) {
          const _errs2 = errors;
          if (!(typeof data.threadId == 'string')) {
            validate1.errors = [
              {
                instancePath: instancePath + '/threadId',
                schemaPath: '/definitions/record/properties/threadId/type',
                keyword: 'type',
                params: { type: 'string', nullable: false },
                message: 'must be string',
              },
            ];
            return false;
          }
          var valid1 = _errs2 === errors;
        } else {
          valid1 = false;
          validate1.errors = [
            {
              instancePath,
              schemaPath: '/definitions/record/properties/threadId',
              keyword: 'properties',
              params: { error: 'missing', missingProperty: 'threadId' },
              message: "must have property 'threadId'",
            },
          ];
          return false;
        }
        if (valid1) {
          if (data.id !== undefined) {
            const _errs3 = errors;
            if (!(typeof data.id == 'string')) {
              validate1.errors = [
                {
                  instancePath: instancePath + '/id',
                  schemaPath: '/definitions/record/properties/id/type',
                  keyword: 'type',
                  params: { type: 'string', nullable: false },
                  message: 'must be string',
                },
              ];
              return false;
            }
            var valid1 = _errs3 === errors;
          } else {
            valid1 = false;
            validate1.errors = [
              {
                instancePath,
                schemaPath: '/definitions/record/properties/id',
                keyword: 'properties',
                params: { error: 'missing', missingProperty: 'id' },
                message: "must have property 'id'",
              },
            ];
            return false;
          }
          if (valid1) {
            if (data.parentId !== undefined) {
              let data4 = data.parentId;
              const _errs4 = errors;
              if (!(data4 === null || typeof data4 == 'string')) {
                validate1.errors = [
                  {
                    instancePath: instancePath + '/parentId',
                    schemaPath: '/definitions/record/properties/parentId/type',
                    keyword: 'type',
                    params: { type: 'string', nullable: true },
                    message: 'must be string or null',
                  },
                ];
                return false;
              }
              var valid1 = _errs4 === errors;
            } else {
              valid1 = false;
              validate1.errors = [
                {
                  instancePath,
                  schemaPath: '/definitions/record/properties/parentId',
                  keyword: 'properties',
                  params: { error: 'missing', missingProperty: 'parentId' },
                  message: "must have property 'parentId'",
                },
              ];
              return false;
            }
            if (valid1) {
              if (data.seq !== undefined) {
                let data5 = data.seq;
                const _errs6 = errors;
                if (!(typeof data5 == 'number' && isFinite(data5) && !(data5 % 1) && data5 >= 0 && data5 <= 4294967295)) {
                  validate1.errors = [
                    {
                      instancePath: instancePath + '/seq',
                      schemaPath: '/definitions/record/properties/seq/type',
                      keyword: 'type',
                      params: { type: 'uint32', nullable: false },
                      message: 'must be uint32',
                    },
                  ];
                  return false;
                }
                var valid1 = _errs6 === errors;
              } else {
                valid1 = false;
                validate1.errors = [
                  {
                    instancePath,
                    schemaPath: '/definitions/record/properties/seq',
                    keyword: 'properties',
                    params: { error: 'missing', missingProperty: 'seq' },
                    message: "must have property 'seq'",
                  },
                ];
                return false;
              }
              if (valid1) {
                if (data.step !== undefined) {
                  let data6 = data.step;
                  const _errs7 = errors;
                  if (!(typeof data6 == 'number' && isFinite(data6) && !(data6 % 1) && data6 >= 0 && data6 <= 4294967295)) {
                    validate1.errors = [
                      {
                        instancePath: instancePath + '/step',
                        schemaPath: '/definitions/record/properties/step/type',
                        keyword: 'type',
                        params: { type: 'uint32', nullable: false },
                        message: 'must be uint32',
                      },
                    ];
                    return false;
                  }
                  var valid1 = _errs7 === errors;
                } else {
                  valid1 = false;
                  validate1.errors = [
                    {
                      instancePath,
                      schemaPath: '/definitions/record/properties/step',
                      keyword: 'properties',
                      params: { error: 'missing', missingProperty: 'step' },
                      message: "must have property 'step'",
                    },
                  ];
                  return false;
                }
                if (valid1) {
                  if (data.status !== undefined) {
                    let data7 = data.status;
                    const _errs8 = errors;
                    if (!(
                      typeof data7 == 'string' &&
                      (data7 === 'running' || data7 === 'interrupted' || data7 === 'done' || data7 === 'error')
                    )) {
                      validate1.errors = [
                        {
                          instancePath: instancePath + '/status',
                          schemaPath: '/definitions/record/properties/status/enum',
                          keyword: 'enum',
                          params: { allowedValues: schema1.properties.status.enum },
                          message: 'must be equal to one of the allowed values',
                        },
                      ];
                      return false;
                    }
                    var valid1 = _errs8 === errors;
                  } else {
                    valid1 = false;
                    validate1.errors = [
                      {
                        instancePath,
                        schemaPath: '/definitions/record/properties/status',
                        keyword: 'properties',
                        params: { error: 'missing', missingProperty: 'status' },
                        message: "must have property 'status'",
                      },
                    ];
                    return false;
                  }
                  if (valid1) {
                    if (data.source !== undefined) {
                      let data8 = data.source;
                      const _errs9 = errors;
                      if (!(
                        typeof data8 == 'string' &&
                        (data8 === 'input' || data8 === 'step' || data8 === 'resume' || data8 === 'fork' || data8 === 'migrate')
                      )) {
                        validate1.errors = [
                          {
                            instancePath: instancePath + '/source',
                            schemaPath: '/definitions/record/properties/source/enum',
                            keyword: 'enum',
                            params: { allowedValues: schema1.properties.source.enum },
                            message: 'must be equal to one of the allowed values',
                          },
                        ];
                        return false;
                      }
                      var valid1 = _errs9 === errors;
                    } else {
                      valid1 = false;
                      validate1.errors = [
                        {
                          instancePath,
                          schemaPath: '/definitions/record/properties/source',
                          keyword: 'properties',
                          params: { error: 'missing', missingProperty: 'source' },
                          message: "must have property 'source'",
                        },
                      ];
                      return false;
                    }
                    if (valid1) {
                      if (data.createdAt !== undefined) {
                        const _errs10 = errors;
                        if (!(typeof data.createdAt == 'number')) {
                          validate1.errors = [
                            {
                              instancePath: instancePath + '/createdAt',
                              schemaPath: '/definitions/record/properties/createdAt/type',
                              keyword: 'type',
                              params: { type: 'float64', nullable: false },
                              message: 'must be float64',
                            },
                          ];
                          return false;
                        }
                        var valid1 = _errs10 === errors;
                      } else {
                        valid1 = false;
                        validate1.errors = [
                          {
                            instancePath,
                            schemaPath: '/definitions/record/properties/createdAt',
                            keyword: 'properties',
                            params: { error: 'missing', missingProperty: 'createdAt' },
                            message: "must have property 'createdAt'",
                          },
                        ];
                        return false;
                      }
                      if (valid1) {
                        if (data.state !== undefined) {
                          let data10 = data.state;
                          const _errs11 = errors;
                          let valid2 = false;
                          if (data10 && typeof data10 == 'object' && !Array.isArray(data10)) {
                            valid2 = true;
                            if (data10.patches !== undefined) {
                              let data11 = data10.patches;
                              let valid5 = false;
                              if (!valid5) {
                                if (Array.isArray(data11)) {
                                  var valid6 = true;
                                  const len0 = data11.length;
                                  for (let i0 = 0; i0 < len0; i0++) {
                                    let data12 = data11[i0];
                                    const _errs13 = errors;
                                    let valid7 = false;
                                    if (data12 && typeof data12 == 'object' && !Array.isArray(data12)) {
                                      valid7 = true;
                                      var valid8;
                                      if (data12.op !== undefined) {
                                        let data13 = data12.op;
                                        const _errs14 = errors;
                                        if (!(
                                          typeof data13 == 'string' &&
                                          (data13 === 'add' || data13 === 'replace' || data13 === 'remove')
                                        )) {
                                          validate1.errors = [
                                            {
                                              instancePath: instancePath + '/state/patches/' + i0 + '/op',
                                              schemaPath:
                                                '/definitions/record/properties/state/optionalProperties/patches/elements/properties/op/enum',
                                              keyword: 'enum',
                                              params: {
                                                allowedValues:
                                                  schema1.properties.state.optionalProperties.patches.elements.properties.op.enum,
                                              },
                                              message: 'must be equal to one of the allowed values',
                                            },
                                          ];
                                          return false;
                                        }
                                        var valid8 = _errs14 === errors;
                                      } else {
                                        valid8 = false;
                                        validate1.errors = [
                                          {
                                            instancePath: instancePath + '/state/patches/' + i0,
                                            schemaPath:
                                              '/definitions/record/properties/state/optionalProperties/patches/elements/properties/op',
                                            keyword: 'properties',
                                            params: { error: 'missing', missingProperty: 'op' },
                                            message: "must have property 'op'",
                                          },
                                        ];
                                        return false;
                                      }
                                      if (valid8) {
                                        if (data12.path !== undefined) {
                                          const _errs15 = errors;
                                          var valid8 = _errs15 === errors;
                                        } else {
                                          valid8 = false;
                                          validate1.errors = [
                                            {
                                              instancePath: instancePath + '/state/patches/' + i0,
                                              schemaPath:
                                                '/definitions/record/properties/state/optionalProperties/patches/elements/properties/path',
                                              keyword: 'properties',
                                              params: { error: 'missing', missingProperty: 'path' },
                                              message: "must have property 'path'",
                                            },
                                          ];
                                          return false;
                                        }
                                      }
                                    }
                                    if (!valid7) {
                                      validate1.errors = [
                                        {
                                          instancePath: instancePath + '/state/patches/' + i0,
                                          schemaPath: '/definitions/record/properties/state/optionalProperties/patches/elements/properties',
                                          keyword: 'properties',
                                          params: { type: 'object', nullable: false },
                                          message: 'must be object',
                                        },
                                      ];
                                      return false;
                                    }
                                    var valid6 = _errs13 === errors;
                                    if (!valid6) {
                                      break;
                                    }
                                  }
                                  valid5 = valid6;
                                } else {
                                  validate1.errors = [
                                    {
                                      instancePath: instancePath + '/state/patches',
                                      schemaPath: '/definitions/record/properties/state/optionalProperties/patches/elements',
                                      keyword: 'elements',
                                      params: { type: 'array', nullable: false },
                                      message: 'must be array',
                                    },
                                  ];
                                  return false;
                                }
                              }
                            }
                          }
                          if (!valid2) {
                            validate1.errors = [
                              {
                                instancePath: instancePath + '/state',
                                schemaPath: '/definitions/record/properties/state/optionalProperties',
                                keyword: 'optionalProperties',
                                params: { type: 'object', nullable: false },
                                message: 'must be object',
                              },
                            ];
                            return false;
                          }
                          var valid1 = _errs11 === errors;
                        } else {
                          valid1 = false;
                          validate1.errors = [
                            {
                              instancePath,
                              schemaPath: '/definitions/record/properties/state',
                              keyword: 'properties',
                              params: { error: 'missing', missingProperty: 'state' },
                              message: "must have property 'state'",
                            },
                          ];
                          return false;
                        }
                        if (valid1) {
                          if (data.context !== undefined) {
                            let data15 = data.context;
                            const _errs18 = errors;
                            let valid10 = false;
                            if (!((data15 && typeof data15 == 'object' && !Array.isArray(data15)) || valid10)) {
                              validate1.errors = [
                                {
                                  instancePath: instancePath + '/context',
                                  schemaPath: '/definitions/record/properties/context/values',
                                  keyword: 'values',
                                  params: { type: 'object', nullable: false },
                                  message: 'must be object',
                                },
                              ];
                              return false;
                            }
                            var valid1 = _errs18 === errors;
                          } else {
                            valid1 = false;
                            validate1.errors = [
                              {
                                instancePath,
                                schemaPath: '/definitions/record/properties/context',
                                keyword: 'properties',
                                params: { error: 'missing', missingProperty: 'context' },
                                message: "must have property 'context'",
                              },
                            ];
                            return false;
                          }
                          if (valid1) {
                            if (data.frontier !== undefined) {
                              let data16 = data.frontier;
                              const _errs19 = errors;
                              let valid11 = false;
                              if (!valid11) {
                                if (Array.isArray(data16)) {
                                  var valid12 = true;
                                  const len1 = data16.length;
                                  for (let i1 = 0; i1 < len1; i1++) {
                                    let data17 = data16[i1];
                                    const _errs20 = errors;
                                    let valid13 = false;
                                    if (data17 && typeof data17 == 'object' && !Array.isArray(data17)) {
                                      valid13 = true;
                                      var valid14;
                                      if (data17.node !== undefined) {
                                        const _errs21 = errors;
                                        if (!(typeof data17.node == 'string')) {
                                          validate1.errors = [
                                            {
                                              instancePath: instancePath + '/frontier/' + i1 + '/node',
                                              schemaPath: '/definitions/record/properties/frontier/elements/properties/node/type',
                                              keyword: 'type',
                                              params: { type: 'string', nullable: false },
                                              message: 'must be string',
                                            },
                                          ];
                                          return false;
                                        }
                                        var valid14 = _errs21 === errors;
                                      } else {
                                        valid14 = false;
                                        validate1.errors = [
                                          {
                                            instancePath: instancePath + '/frontier/' + i1,
                                            schemaPath: '/definitions/record/properties/frontier/elements/properties/node',
                                            keyword: 'properties',
                                            params: { error: 'missing', missingProperty: 'node' },
                                            message: "must have property 'node'",
                                          },
                                        ];
                                        return false;
                                      }
                                      if (valid14) {
                                        var valid15;
                                        if (data17.key !== undefined) {
                                          const _errs22 = errors;
                                          if (!(typeof data17.key == 'string')) {
                                            validate1.errors = [
                                              {
                                                instancePath: instancePath + '/frontier/' + i1 + '/key',
                                                schemaPath: '/definitions/record/properties/frontier/elements/optionalProperties/key/type',
                                                keyword: 'type',
                                                params: { type: 'string', nullable: false },
                                                message: 'must be string',
                                              },
                                            ];
                                            return false;
                                          }
                                          var valid15 = _errs22 === errors;
                                        } else {
                                          valid15 = true;
                                        }
                                        if (valid15) {
                                          if (data17.resume !== undefined) {
                                            const _errs23 = errors;
                                            var valid15 = _errs23 === errors;
                                          } else {
                                            valid15 = true;
                                          }
                                          if (valid15) {
                                            if (data17.sub !== undefined) {
                                              const _errs24 = errors;
                                              if (
                                                !wrapper0.validate(data17.sub, {
                                                  instancePath: instancePath + '/frontier/' + i1 + '/sub',
                                                  parentData: data17,
                                                  parentDataProperty: 'sub',
                                                  rootData,
                                                })
                                              ) {
                                                vErrors =
                                                  vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
                                                errors = vErrors.length;
                                              }
                                              var valid15 = _errs24 === errors;
                                            } else {
                                              valid15 = true;
                                            }
                                          }
                                        }
                                      }
                                    }
                                    if (!valid13) {
                                      validate1.errors = [
                                        {
                                          instancePath: instancePath + '/frontier/' + i1,
                                          schemaPath: '/definitions/record/properties/frontier/elements/properties',
                                          keyword: 'properties',
                                          params: { type: 'object', nullable: false },
                                          message: 'must be object',
                                        },
                                      ];
                                      return false;
                                    }
                                    var valid12 = _errs20 === errors;
                                    if (!valid12) {
                                      break;
                                    }
                                  }
                                  valid11 = valid12;
                                } else {
                                  validate1.errors = [
                                    {
                                      instancePath: instancePath + '/frontier',
                                      schemaPath: '/definitions/record/properties/frontier/elements',
                                      keyword: 'elements',
                                      params: { type: 'array', nullable: false },
                                      message: 'must be array',
                                    },
                                  ];
                                  return false;
                                }
                              }
                              var valid1 = _errs19 === errors;
                            } else {
                              valid1 = false;
                              validate1.errors = [
                                {
                                  instancePath,
                                  schemaPath: '/definitions/record/properties/frontier',
                                  keyword: 'properties',
                                  params: { error: 'missing', missingProperty: 'frontier' },
                                  message: "must have property 'frontier'",
                                },
                              ];
                              return false;
                            }
                            if (valid1) {
                              if (data.joins !== undefined) {
                                let data22 = data.joins;
                                const _errs27 = errors;
                                let valid17 = false;
                                if (!valid17) {
                                  if (Array.isArray(data22)) {
                                    var valid18 = true;
                                    const len2 = data22.length;
                                    for (let i2 = 0; i2 < len2; i2++) {
                                      let data23 = data22[i2];
                                      const _errs28 = errors;
                                      let valid19 = false;
                                      if (data23 && typeof data23 == 'object' && !Array.isArray(data23)) {
                                        valid19 = true;
                                        var valid20;
                                        if (data23.node !== undefined) {
                                          const _errs29 = errors;
                                          if (!(typeof data23.node == 'string')) {
                                            validate1.errors = [
                                              {
                                                instancePath: instancePath + '/joins/' + i2 + '/node',
                                                schemaPath: '/definitions/record/properties/joins/elements/properties/node/type',
                                                keyword: 'type',
                                                params: { type: 'string', nullable: false },
                                                message: 'must be string',
                                              },
                                            ];
                                            return false;
                                          }
                                          var valid20 = _errs29 === errors;
                                        } else {
                                          valid20 = false;
                                          validate1.errors = [
                                            {
                                              instancePath: instancePath + '/joins/' + i2,
                                              schemaPath: '/definitions/record/properties/joins/elements/properties/node',
                                              keyword: 'properties',
                                              params: { error: 'missing', missingProperty: 'node' },
                                              message: "must have property 'node'",
                                            },
                                          ];
                                          return false;
                                        }
                                        if (valid20) {
                                          if (data23.delivered !== undefined) {
                                            let data25 = data23.delivered;
                                            const _errs30 = errors;
                                            let valid21 = false;
                                            if (!valid21) {
                                              if (Array.isArray(data25)) {
                                                var valid22 = true;
                                                const len3 = data25.length;
                                                for (let i3 = 0; i3 < len3; i3++) {
                                                  const _errs31 = errors;
                                                  var valid22 = _errs31 === errors;
                                                  if (!valid22) {
                                                    break;
                                                  }
                                                }
                                                valid21 = valid22;
                                              } else {
                                                validate1.errors = [
                                                  {
                                                    instancePath: instancePath + '/joins/' + i2 + '/delivered',
                                                    schemaPath:
                                                      '/definitions/record/properties/joins/elements/properties/delivered/elements',
                                                    keyword: 'elements',
                                                    params: { type: 'array', nullable: false },
                                                    message: 'must be array',
                                                  },
                                                ];
                                                return false;
                                              }
                                            }
                                            var valid20 = _errs30 === errors;
                                          } else {
                                            valid20 = false;
                                            validate1.errors = [
                                              {
                                                instancePath: instancePath + '/joins/' + i2,
                                                schemaPath: '/definitions/record/properties/joins/elements/properties/delivered',
                                                keyword: 'properties',
                                                params: { error: 'missing', missingProperty: 'delivered' },
                                                message: "must have property 'delivered'",
                                              },
                                            ];
                                            return false;
                                          }
                                          if (valid20) {
                                            if (data23.skipped !== undefined) {
                                              let data27 = data23.skipped;
                                              const _errs32 = errors;
                                              let valid23 = false;
                                              if (!valid23) {
                                                if (Array.isArray(data27)) {
                                                  var valid24 = true;
                                                  const len4 = data27.length;
                                                  for (let i4 = 0; i4 < len4; i4++) {
                                                    const _errs33 = errors;
                                                    if (!(typeof data27[i4] == 'string')) {
                                                      validate1.errors = [
                                                        {
                                                          instancePath: instancePath + '/joins/' + i2 + '/skipped/' + i4,
                                                          schemaPath:
                                                            '/definitions/record/properties/joins/elements/properties/skipped/elements/type',
                                                          keyword: 'type',
                                                          params: { type: 'string', nullable: false },
                                                          message: 'must be string',
                                                        },
                                                      ];
                                                      return false;
                                                    }
                                                    var valid24 = _errs33 === errors;
                                                    if (!valid24) {
                                                      break;
                                                    }
                                                  }
                                                  valid23 = valid24;
                                                } else {
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/joins/' + i2 + '/skipped',
                                                      schemaPath:
                                                        '/definitions/record/properties/joins/elements/properties/skipped/elements',
                                                      keyword: 'elements',
                                                      params: { type: 'array', nullable: false },
                                                      message: 'must be array',
                                                    },
                                                  ];
                                                  return false;
                                                }
                                              }
                                              var valid20 = _errs32 === errors;
                                            } else {
                                              valid20 = false;
                                              validate1.errors = [
                                                {
                                                  instancePath: instancePath + '/joins/' + i2,
                                                  schemaPath: '/definitions/record/properties/joins/elements/properties/skipped',
                                                  keyword: 'properties',
                                                  params: { error: 'missing', missingProperty: 'skipped' },
                                                  message: "must have property 'skipped'",
                                                },
                                              ];
                                              return false;
                                            }
                                          }
                                        }
                                      }
                                      if (!valid19) {
                                        validate1.errors = [
                                          {
                                            instancePath: instancePath + '/joins/' + i2,
                                            schemaPath: '/definitions/record/properties/joins/elements/properties',
                                            keyword: 'properties',
                                            params: { type: 'object', nullable: false },
                                            message: 'must be object',
                                          },
                                        ];
                                        return false;
                                      }
                                      var valid18 = _errs28 === errors;
                                      if (!valid18) {
                                        break;
                                      }
                                    }
                                    valid17 = valid18;
                                  } else {
                                    validate1.errors = [
                                      {
                                        instancePath: instancePath + '/joins',
                                        schemaPath: '/definitions/record/properties/joins/elements',
                                        keyword: 'elements',
                                        params: { type: 'array', nullable: false },
                                        message: 'must be array',
                                      },
                                    ];
                                    return false;
                                  }
                                }
                                var valid1 = _errs27 === errors;
                              } else {
                                valid1 = false;
                                validate1.errors = [
                                  {
                                    instancePath,
                                    schemaPath: '/definitions/record/properties/joins',
                                    keyword: 'properties',
                                    params: { error: 'missing', missingProperty: 'joins' },
                                    message: "must have property 'joins'",
                                  },
                                ];
                                return false;
                              }
                              if (valid1) {
                                if (data.skips !== undefined) {
                                  let data29 = data.skips;
                                  const _errs35 = errors;
                                  let valid26 = false;
                                  if (!valid26) {
                                    if (Array.isArray(data29)) {
                                      var valid27 = true;
                                      const len5 = data29.length;
                                      for (let i5 = 0; i5 < len5; i5++) {
                                        const _errs36 = errors;
                                        var valid27 = _errs36 === errors;
                                        if (!valid27) {
                                          break;
                                        }
                                      }
                                      valid26 = valid27;
                                    } else {
                                      validate1.errors = [
                                        {
                                          instancePath: instancePath + '/skips',
                                          schemaPath: '/definitions/record/properties/skips/elements',
                                          keyword: 'elements',
                                          params: { type: 'array', nullable: false },
                                          message: 'must be array',
                                        },
                                      ];
                                      return false;
                                    }
                                  }
                                  var valid1 = _errs35 === errors;
                                } else {
                                  valid1 = false;
                                  validate1.errors = [
                                    {
                                      instancePath,
                                      schemaPath: '/definitions/record/properties/skips',
                                      keyword: 'properties',
                                      params: { error: 'missing', missingProperty: 'skips' },
                                      message: "must have property 'skips'",
                                    },
                                  ];
                                  return false;
                                }
                                if (valid1) {
                                  if (data.pending !== undefined) {
                                    let data31 = data.pending;
                                    const _errs37 = errors;
                                    let valid28 = false;
                                    if (!valid28) {
                                      if (Array.isArray(data31)) {
                                        var valid29 = true;
                                        const len6 = data31.length;
                                        for (let i6 = 0; i6 < len6; i6++) {
                                          let data32 = data31[i6];
                                          const _errs38 = errors;
                                          let valid30 = false;
                                          if (data32 && typeof data32 == 'object' && !Array.isArray(data32)) {
                                            valid30 = true;
                                            var valid31;
                                            if (data32.node !== undefined) {
                                              const _errs39 = errors;
                                              if (!(typeof data32.node == 'string')) {
                                                validate1.errors = [
                                                  {
                                                    instancePath: instancePath + '/pending/' + i6 + '/node',
                                                    schemaPath: '/definitions/record/properties/pending/elements/properties/node/type',
                                                    keyword: 'type',
                                                    params: { type: 'string', nullable: false },
                                                    message: 'must be string',
                                                  },
                                                ];
                                                return false;
                                              }
                                              var valid31 = _errs39 === errors;
                                            } else {
                                              valid31 = false;
                                              validate1.errors = [
                                                {
                                                  instancePath: instancePath + '/pending/' + i6,
                                                  schemaPath: '/definitions/record/properties/pending/elements/properties/node',
                                                  keyword: 'properties',
                                                  params: { error: 'missing', missingProperty: 'node' },
                                                  message: "must have property 'node'",
                                                },
                                              ];
                                              return false;
                                            }
                                            if (valid31) {
                                              if (data32.patches !== undefined) {
                                                let data34 = data32.patches;
                                                const _errs40 = errors;
                                                let valid32 = false;
                                                if (!valid32) {
                                                  if (Array.isArray(data34)) {
                                                    var valid33 = true;
                                                    const len7 = data34.length;
                                                    for (let i7 = 0; i7 < len7; i7++) {
                                                      let data35 = data34[i7];
                                                      const _errs41 = errors;
                                                      let valid34 = false;
                                                      if (data35 && typeof data35 == 'object' && !Array.isArray(data35)) {
                                                        valid34 = true;
                                                        var valid35;
                                                        if (data35.op !== undefined) {
                                                          let data36 = data35.op;
                                                          const _errs42 = errors;
                                                          if (!(
                                                            typeof data36 == 'string' &&
                                                            (data36 === 'add' || data36 === 'replace' || data36 === 'remove')
                                                          )) {
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/pending/' + i6 + '/patches/' + i7 + '/op',
                                                                schemaPath:
                                                                  '/definitions/record/properties/pending/elements/properties/patches/elements/properties/op/enum',
                                                                keyword: 'enum',
                                                                params: {
                                                                  allowedValues:
                                                                    schema1.properties.pending.elements.properties.patches.elements
                                                                      .properties.op.enum,
                                                                },
                                                                message: 'must be equal to one of the allowed values',
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                          var valid35 = _errs42 === errors;
                                                        } else {
                                                          valid35 = false;
                                                          validate1.errors = [
                                                            {
                                                              instancePath: instancePath + '/pending/' + i6 + '/patches/' + i7,
                                                              schemaPath:
                                                                '/definitions/record/properties/pending/elements/properties/patches/elements/properties/op',
                                                              keyword: 'properties',
                                                              params: { error: 'missing', missingProperty: 'op' },
                                                              message: "must have property 'op'",
                                                            },
                                                          ];
                                                          return false;
                                                        }
                                                        if (valid35) {
                                                          if (data35.path !== undefined) {
                                                            const _errs43 = errors;
                                                            var valid35 = _errs43 === errors;
                                                          } else {
                                                            valid35 = false;
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/pending/' + i6 + '/patches/' + i7,
                                                                schemaPath:
                                                                  '/definitions/record/properties/pending/elements/properties/patches/elements/properties/path',
                                                                keyword: 'properties',
                                                                params: { error: 'missing', missingProperty: 'path' },
                                                                message: "must have property 'path'",
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                        }
                                                      }
                                                      if (!valid34) {
                                                        validate1.errors = [
                                                          {
                                                            instancePath: instancePath + '/pending/' + i6 + '/patches/' + i7,
                                                            schemaPath:
                                                              '/definitions/record/properties/pending/elements/properties/patches/elements/properties',
                                                            keyword: 'properties',
                                                            params: { type: 'object', nullable: false },
                                                            message: 'must be object',
                                                          },
                                                        ];
                                                        return false;
                                                      }
                                                      var valid33 = _errs41 === errors;
                                                      if (!valid33) {
                                                        break;
                                                      }
                                                    }
                                                    valid32 = valid33;
                                                  } else {
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/pending/' + i6 + '/patches',
                                                        schemaPath:
                                                          '/definitions/record/properties/pending/elements/properties/patches/elements',
                                                        keyword: 'elements',
                                                        params: { type: 'array', nullable: false },
                                                        message: 'must be array',
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                }
                                                var valid31 = _errs40 === errors;
                                              } else {
                                                valid31 = false;
                                                validate1.errors = [
                                                  {
                                                    instancePath: instancePath + '/pending/' + i6,
                                                    schemaPath: '/definitions/record/properties/pending/elements/properties/patches',
                                                    keyword: 'properties',
                                                    params: { error: 'missing', missingProperty: 'patches' },
                                                    message: "must have property 'patches'",
                                                  },
                                                ];
                                                return false;
                                              }
                                              if (valid31) {
                                                if (data32.key !== undefined) {
                                                  if (!(typeof data32.key == 'string')) {
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/pending/' + i6 + '/key',
                                                        schemaPath:
                                                          '/definitions/record/properties/pending/elements/optionalProperties/key/type',
                                                        keyword: 'type',
                                                        params: { type: 'string', nullable: false },
                                                        message: 'must be string',
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                }
                                              }
                                            }
                                          }
                                          if (!valid30) {
                                            validate1.errors = [
                                              {
                                                instancePath: instancePath + '/pending/' + i6,
                                                schemaPath: '/definitions/record/properties/pending/elements/properties',
                                                keyword: 'properties',
                                                params: { type: 'object', nullable: false },
                                                message: 'must be object',
                                              },
                                            ];
                                            return false;
                                          }
                                          var valid29 = _errs38 === errors;
                                          if (!valid29) {
                                            break;
                                          }
                                        }
                                        valid28 = valid29;
                                      } else {
                                        validate1.errors = [
                                          {
                                            instancePath: instancePath + '/pending',
                                            schemaPath: '/definitions/record/properties/pending/elements',
                                            keyword: 'elements',
                                            params: { type: 'array', nullable: false },
                                            message: 'must be array',
                                          },
                                        ];
                                        return false;
                                      }
                                    }
                                    var valid1 = _errs37 === errors;
                                  } else {
                                    valid1 = false;
                                    validate1.errors = [
                                      {
                                        instancePath,
                                        schemaPath: '/definitions/record/properties/pending',
                                        keyword: 'properties',
                                        params: { error: 'missing', missingProperty: 'pending' },
                                        message: "must have property 'pending'",
                                      },
                                    ];
                                    return false;
                                  }
                                  if (valid1) {
                                    if (data.interrupts !== undefined) {
                                      let data39 = data.interrupts;
                                      const _errs47 = errors;
                                      let valid38 = false;
                                      if (!valid38) {
                                        if (Array.isArray(data39)) {
                                          var valid39 = true;
                                          const len8 = data39.length;
                                          for (let i8 = 0; i8 < len8; i8++) {
                                            let data40 = data39[i8];
                                            const _errs48 = errors;
                                            let valid40 = false;
                                            if (data40 && typeof data40 == 'object' && !Array.isArray(data40)) {
                                              valid40 = true;
                                              var valid41;
                                              if (data40.id !== undefined) {
                                                const _errs49 = errors;
                                                if (!(typeof data40.id == 'string')) {
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/interrupts/' + i8 + '/id',
                                                      schemaPath: '/definitions/record/properties/interrupts/elements/properties/id/type',
                                                      keyword: 'type',
                                                      params: { type: 'string', nullable: false },
                                                      message: 'must be string',
                                                    },
                                                  ];
                                                  return false;
                                                }
                                                var valid41 = _errs49 === errors;
                                              } else {
                                                valid41 = false;
                                                validate1.errors = [
                                                  {
                                                    instancePath: instancePath + '/interrupts/' + i8,
                                                    schemaPath: '/definitions/record/properties/interrupts/elements/properties/id',
                                                    keyword: 'properties',
                                                    params: { error: 'missing', missingProperty: 'id' },
                                                    message: "must have property 'id'",
                                                  },
                                                ];
                                                return false;
                                              }
                                              if (valid41) {
                                                if (data40.address !== undefined) {
                                                  const _errs50 = errors;
                                                  if (!(typeof data40.address == 'string')) {
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/interrupts/' + i8 + '/address',
                                                        schemaPath:
                                                          '/definitions/record/properties/interrupts/elements/properties/address/type',
                                                        keyword: 'type',
                                                        params: { type: 'string', nullable: false },
                                                        message: 'must be string',
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                  var valid41 = _errs50 === errors;
                                                } else {
                                                  valid41 = false;
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/interrupts/' + i8,
                                                      schemaPath: '/definitions/record/properties/interrupts/elements/properties/address',
                                                      keyword: 'properties',
                                                      params: { error: 'missing', missingProperty: 'address' },
                                                      message: "must have property 'address'",
                                                    },
                                                  ];
                                                  return false;
                                                }
                                                if (valid41) {
                                                  if (data40.path !== undefined) {
                                                    let data43 = data40.path;
                                                    const _errs51 = errors;
                                                    let valid42 = false;
                                                    if (!valid42) {
                                                      if (Array.isArray(data43)) {
                                                        var valid43 = true;
                                                        const len9 = data43.length;
                                                        for (let i9 = 0; i9 < len9; i9++) {
                                                          const _errs52 = errors;
                                                          if (!(typeof data43[i9] == 'string')) {
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/interrupts/' + i8 + '/path/' + i9,
                                                                schemaPath:
                                                                  '/definitions/record/properties/interrupts/elements/properties/path/elements/type',
                                                                keyword: 'type',
                                                                params: { type: 'string', nullable: false },
                                                                message: 'must be string',
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                          var valid43 = _errs52 === errors;
                                                          if (!valid43) {
                                                            break;
                                                          }
                                                        }
                                                        valid42 = valid43;
                                                      } else {
                                                        validate1.errors = [
                                                          {
                                                            instancePath: instancePath + '/interrupts/' + i8 + '/path',
                                                            schemaPath:
                                                              '/definitions/record/properties/interrupts/elements/properties/path/elements',
                                                            keyword: 'elements',
                                                            params: { type: 'array', nullable: false },
                                                            message: 'must be array',
                                                          },
                                                        ];
                                                        return false;
                                                      }
                                                    }
                                                    var valid41 = _errs51 === errors;
                                                  } else {
                                                    valid41 = false;
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/interrupts/' + i8,
                                                        schemaPath: '/definitions/record/properties/interrupts/elements/properties/path',
                                                        keyword: 'properties',
                                                        params: { error: 'missing', missingProperty: 'path' },
                                                        message: "must have property 'path'",
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                }
                                              }
                                            }
                                            if (!valid40) {
                                              validate1.errors = [
                                                {
                                                  instancePath: instancePath + '/interrupts/' + i8,
                                                  schemaPath: '/definitions/record/properties/interrupts/elements/properties',
                                                  keyword: 'properties',
                                                  params: { type: 'object', nullable: false },
                                                  message: 'must be object',
                                                },
                                              ];
                                              return false;
                                            }
                                            var valid39 = _errs48 === errors;
                                            if (!valid39) {
                                              break;
                                            }
                                          }
                                          valid38 = valid39;
                                        } else {
                                          validate1.errors = [
                                            {
                                              instancePath: instancePath + '/interrupts',
                                              schemaPath: '/definitions/record/properties/interrupts/elements',
                                              keyword: 'elements',
                                              params: { type: 'array', nullable: false },
                                              message: 'must be array',
                                            },
                                          ];
                                          return false;
                                        }
                                      }
                                      var valid1 = _errs47 === errors;
                                    } else {
                                      valid1 = false;
                                      validate1.errors = [
                                        {
                                          instancePath,
                                          schemaPath: '/definitions/record/properties/interrupts',
                                          keyword: 'properties',
                                          params: { error: 'missing', missingProperty: 'interrupts' },
                                          message: "must have property 'interrupts'",
                                        },
                                      ];
                                      return false;
                                    }
                                    if (valid1) {
                                      var valid45;
                                      if (data.resumeValues !== undefined) {
                                        let data45 = data.resumeValues;
                                        const _errs54 = errors;
                                        let valid46 = false;
                                        if (!valid46) {
                                          if (Array.isArray(data45)) {
                                            var valid47 = true;
                                            const len10 = data45.length;
                                            for (let i10 = 0; i10 < len10; i10++) {
                                              const _errs55 = errors;
                                              var valid47 = _errs55 === errors;
                                              if (!valid47) {
                                                break;
                                              }
                                            }
                                            valid46 = valid47;
                                          } else {
                                            validate1.errors = [
                                              {
                                                instancePath: instancePath + '/resumeValues',
                                                schemaPath: '/definitions/record/optionalProperties/resumeValues/elements',
                                                keyword: 'elements',
                                                params: { type: 'array', nullable: false },
                                                message: 'must be array',
                                              },
                                            ];
                                            return false;
                                          }
                                        }
                                        var valid45 = _errs54 === errors;
                                      } else {
                                        valid45 = true;
                                      }
                                      if (valid45) {
                                        if (data.patched !== undefined) {
                                          let data47 = data.patched;
                                          const _errs56 = errors;
                                          let valid48 = false;
                                          if (!valid48) {
                                            if (Array.isArray(data47)) {
                                              var valid49 = true;
                                              const len11 = data47.length;
                                              for (let i11 = 0; i11 < len11; i11++) {
                                                const _errs57 = errors;
                                                if (!(typeof data47[i11] == 'string')) {
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/patched/' + i11,
                                                      schemaPath: '/definitions/record/optionalProperties/patched/elements/type',
                                                      keyword: 'type',
                                                      params: { type: 'string', nullable: false },
                                                      message: 'must be string',
                                                    },
                                                  ];
                                                  return false;
                                                }
                                                var valid49 = _errs57 === errors;
                                                if (!valid49) {
                                                  break;
                                                }
                                              }
                                              valid48 = valid49;
                                            } else {
                                              validate1.errors = [
                                                {
                                                  instancePath: instancePath + '/patched',
                                                  schemaPath: '/definitions/record/optionalProperties/patched/elements',
                                                  keyword: 'elements',
                                                  params: { type: 'array', nullable: false },
                                                  message: 'must be array',
                                                },
                                              ];
                                              return false;
                                            }
                                          }
                                          var valid45 = _errs56 === errors;
                                        } else {
                                          valid45 = true;
                                        }
                                        if (valid45) {
                                          if (data.version !== undefined) {
                                            const _errs58 = errors;
                                            if (!(typeof data.version == 'string')) {
                                              validate1.errors = [
                                                {
                                                  instancePath: instancePath + '/version',
                                                  schemaPath: '/definitions/record/optionalProperties/version/type',
                                                  keyword: 'type',
                                                  params: { type: 'string', nullable: false },
                                                  message: 'must be string',
                                                },
                                              ];
                                              return false;
                                            }
                                            var valid45 = _errs58 === errors;
                                          } else {
                                            valid45 = true;
                                          }
                                          if (valid45) {
                                            if (data.usage !== undefined) {
                                              let data50 = data.usage;
                                              const _errs59 = errors;
                                              let valid50 = false;
                                              if (data50 && typeof data50 == 'object' && !Array.isArray(data50)) {
                                                valid50 = true;
                                                var valid51;
                                                if (data50.tokens !== undefined) {
                                                  const _errs60 = errors;
                                                  if (!(typeof data50.tokens == 'number')) {
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/usage/tokens',
                                                        schemaPath: '/definitions/record/optionalProperties/usage/properties/tokens/type',
                                                        keyword: 'type',
                                                        params: { type: 'float64', nullable: false },
                                                        message: 'must be float64',
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                  var valid51 = _errs60 === errors;
                                                } else {
                                                  valid51 = false;
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/usage',
                                                      schemaPath: '/definitions/record/optionalProperties/usage/properties/tokens',
                                                      keyword: 'properties',
                                                      params: { error: 'missing', missingProperty: 'tokens' },
                                                      message: "must have property 'tokens'",
                                                    },
                                                  ];
                                                  return false;
                                                }
                                                if (valid51) {
                                                  if (data50.inputTokens !== undefined) {
                                                    const _errs61 = errors;
                                                    if (!(typeof data50.inputTokens == 'number')) {
                                                      validate1.errors = [
                                                        {
                                                          instancePath: instancePath + '/usage/inputTokens',
                                                          schemaPath:
                                                            '/definitions/record/optionalProperties/usage/properties/inputTokens/type',
                                                          keyword: 'type',
                                                          params: { type: 'float64', nullable: false },
                                                          message: 'must be float64',
                                                        },
                                                      ];
                                                      return false;
                                                    }
                                                    var valid51 = _errs61 === errors;
                                                  } else {
                                                    valid51 = false;
                                                    validate1.errors = [
                                                      {
                                                        instancePath: instancePath + '/usage',
                                                        schemaPath: '/definitions/record/optionalProperties/usage/properties/inputTokens',
                                                        keyword: 'properties',
                                                        params: { error: 'missing', missingProperty: 'inputTokens' },
                                                        message: "must have property 'inputTokens'",
                                                      },
                                                    ];
                                                    return false;
                                                  }
                                                  if (valid51) {
                                                    if (data50.outputTokens !== undefined) {
                                                      const _errs62 = errors;
                                                      if (!(typeof data50.outputTokens == 'number')) {
                                                        validate1.errors = [
                                                          {
                                                            instancePath: instancePath + '/usage/outputTokens',
                                                            schemaPath:
                                                              '/definitions/record/optionalProperties/usage/properties/outputTokens/type',
                                                            keyword: 'type',
                                                            params: { type: 'float64', nullable: false },
                                                            message: 'must be float64',
                                                          },
                                                        ];
                                                        return false;
                                                      }
                                                      var valid51 = _errs62 === errors;
                                                    } else {
                                                      valid51 = false;
                                                      validate1.errors = [
                                                        {
                                                          instancePath: instancePath + '/usage',
                                                          schemaPath:
                                                            '/definitions/record/optionalProperties/usage/properties/outputTokens',
                                                          keyword: 'properties',
                                                          params: { error: 'missing', missingProperty: 'outputTokens' },
                                                          message: "must have property 'outputTokens'",
                                                        },
                                                      ];
                                                      return false;
                                                    }
                                                    if (valid51) {
                                                      if (data50.costUsd !== undefined) {
                                                        const _errs63 = errors;
                                                        if (!(typeof data50.costUsd == 'number')) {
                                                          validate1.errors = [
                                                            {
                                                              instancePath: instancePath + '/usage/costUsd',
                                                              schemaPath:
                                                                '/definitions/record/optionalProperties/usage/properties/costUsd/type',
                                                              keyword: 'type',
                                                              params: { type: 'float64', nullable: false },
                                                              message: 'must be float64',
                                                            },
                                                          ];
                                                          return false;
                                                        }
                                                        var valid51 = _errs63 === errors;
                                                      } else {
                                                        valid51 = false;
                                                        validate1.errors = [
                                                          {
                                                            instancePath: instancePath + '/usage',
                                                            schemaPath: '/definitions/record/optionalProperties/usage/properties/costUsd',
                                                            keyword: 'properties',
                                                            params: { error: 'missing', missingProperty: 'costUsd' },
                                                            message: "must have property 'costUsd'",
                                                          },
                                                        ];
                                                        return false;
                                                      }
                                                      if (valid51) {
                                                        if (data50.modelCalls !== undefined) {
                                                          const _errs64 = errors;
                                                          if (!(typeof data50.modelCalls == 'number')) {
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/usage/modelCalls',
                                                                schemaPath:
                                                                  '/definitions/record/optionalProperties/usage/properties/modelCalls/type',
                                                                keyword: 'type',
                                                                params: { type: 'float64', nullable: false },
                                                                message: 'must be float64',
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                          var valid51 = _errs64 === errors;
                                                        } else {
                                                          valid51 = false;
                                                          validate1.errors = [
                                                            {
                                                              instancePath: instancePath + '/usage',
                                                              schemaPath:
                                                                '/definitions/record/optionalProperties/usage/properties/modelCalls',
                                                              keyword: 'properties',
                                                              params: { error: 'missing', missingProperty: 'modelCalls' },
                                                              message: "must have property 'modelCalls'",
                                                            },
                                                          ];
                                                          return false;
                                                        }
                                                        if (valid51) {
                                                          if (data50.toolCalls !== undefined) {
                                                            const _errs65 = errors;
                                                            if (!(typeof data50.toolCalls == 'number')) {
                                                              validate1.errors = [
                                                                {
                                                                  instancePath: instancePath + '/usage/toolCalls',
                                                                  schemaPath:
                                                                    '/definitions/record/optionalProperties/usage/properties/toolCalls/type',
                                                                  keyword: 'type',
                                                                  params: { type: 'float64', nullable: false },
                                                                  message: 'must be float64',
                                                                },
                                                              ];
                                                              return false;
                                                            }
                                                            var valid51 = _errs65 === errors;
                                                          } else {
                                                            valid51 = false;
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/usage',
                                                                schemaPath:
                                                                  '/definitions/record/optionalProperties/usage/properties/toolCalls',
                                                                keyword: 'properties',
                                                                params: { error: 'missing', missingProperty: 'toolCalls' },
                                                                message: "must have property 'toolCalls'",
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                          if (valid51) {
                                                            if (data50.wallMs !== undefined) {
                                                              const _errs66 = errors;
                                                              if (!(typeof data50.wallMs == 'number')) {
                                                                validate1.errors = [
                                                                  {
                                                                    instancePath: instancePath + '/usage/wallMs',
                                                                    schemaPath:
                                                                      '/definitions/record/optionalProperties/usage/properties/wallMs/type',
                                                                    keyword: 'type',
                                                                    params: { type: 'float64', nullable: false },
                                                                    message: 'must be float64',
                                                                  },
                                                                ];
                                                                return false;
                                                              }
                                                              var valid51 = _errs66 === errors;
                                                            } else {
                                                              valid51 = false;
                                                              validate1.errors = [
                                                                {
                                                                  instancePath: instancePath + '/usage',
                                                                  schemaPath:
                                                                    '/definitions/record/optionalProperties/usage/properties/wallMs',
                                                                  keyword: 'properties',
                                                                  params: { error: 'missing', missingProperty: 'wallMs' },
                                                                  message: "must have property 'wallMs'",
                                                                },
                                                              ];
                                                              return false;
                                                            }
                                                            if (valid51) {
                                                              for (const key0 in data50) {
                                                                if (
                                                                  key0 !== 'tokens' &&
                                                                  key0 !== 'inputTokens' &&
                                                                  key0 !== 'outputTokens' &&
                                                                  key0 !== 'costUsd' &&
                                                                  key0 !== 'modelCalls' &&
                                                                  key0 !== 'toolCalls' &&
                                                                  key0 !== 'wallMs'
                                                                ) {
                                                                  validate1.errors = [
                                                                    {
                                                                      instancePath:
                                                                        instancePath +
                                                                        '/usage/' +
                                                                        key0.replace(/~/g, '~0').replace(/\//g, '~1'),
                                                                      schemaPath: '/definitions/record/optionalProperties/usage',
                                                                      keyword: 'properties',
                                                                      params: { error: 'additional', additionalProperty: key0 },
                                                                      message: 'must NOT have additional properties',
                                                                    },
                                                                  ];
                                                                  return false;
                                                                  break;
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                              }
                                              if (!valid50) {
                                                validate1.errors = [
                                                  {
                                                    instancePath: instancePath + '/usage',
                                                    schemaPath: '/definitions/record/optionalProperties/usage/properties',
                                                    keyword: 'properties',
                                                    params: { type: 'object', nullable: false },
                                                    message: 'must be object',
                                                  },
                                                ];
                                                return false;
                                              }
                                              var valid45 = _errs59 === errors;
                                            } else {
                                              valid45 = true;
                                            }
                                            if (valid45) {
                                              if (data.budget !== undefined) {
                                                let data58 = data.budget;
                                                const _errs67 = errors;
                                                let valid53 = false;
                                                if (data58 && typeof data58 == 'object' && !Array.isArray(data58)) {
                                                  valid53 = true;
                                                  var valid55;
                                                  if (data58.tokens !== undefined) {
                                                    const _errs68 = errors;
                                                    if (!(typeof data58.tokens == 'number')) {
                                                      validate1.errors = [
                                                        {
                                                          instancePath: instancePath + '/budget/tokens',
                                                          schemaPath:
                                                            '/definitions/record/optionalProperties/budget/optionalProperties/tokens/type',
                                                          keyword: 'type',
                                                          params: { type: 'float64', nullable: false },
                                                          message: 'must be float64',
                                                        },
                                                      ];
                                                      return false;
                                                    }
                                                    var valid55 = _errs68 === errors;
                                                  } else {
                                                    valid55 = true;
                                                  }
                                                  if (valid55) {
                                                    if (data58.costUsd !== undefined) {
                                                      const _errs69 = errors;
                                                      if (!(typeof data58.costUsd == 'number')) {
                                                        validate1.errors = [
                                                          {
                                                            instancePath: instancePath + '/budget/costUsd',
                                                            schemaPath:
                                                              '/definitions/record/optionalProperties/budget/optionalProperties/costUsd/type',
                                                            keyword: 'type',
                                                            params: { type: 'float64', nullable: false },
                                                            message: 'must be float64',
                                                          },
                                                        ];
                                                        return false;
                                                      }
                                                      var valid55 = _errs69 === errors;
                                                    } else {
                                                      valid55 = true;
                                                    }
                                                    if (valid55) {
                                                      if (data58.modelCalls !== undefined) {
                                                        const _errs70 = errors;
                                                        if (!(typeof data58.modelCalls == 'number')) {
                                                          validate1.errors = [
                                                            {
                                                              instancePath: instancePath + '/budget/modelCalls',
                                                              schemaPath:
                                                                '/definitions/record/optionalProperties/budget/optionalProperties/modelCalls/type',
                                                              keyword: 'type',
                                                              params: { type: 'float64', nullable: false },
                                                              message: 'must be float64',
                                                            },
                                                          ];
                                                          return false;
                                                        }
                                                        var valid55 = _errs70 === errors;
                                                      } else {
                                                        valid55 = true;
                                                      }
                                                      if (valid55) {
                                                        if (data58.toolCalls !== undefined) {
                                                          const _errs71 = errors;
                                                          if (!(typeof data58.toolCalls == 'number')) {
                                                            validate1.errors = [
                                                              {
                                                                instancePath: instancePath + '/budget/toolCalls',
                                                                schemaPath:
                                                                  '/definitions/record/optionalProperties/budget/optionalProperties/toolCalls/type',
                                                                keyword: 'type',
                                                                params: { type: 'float64', nullable: false },
                                                                message: 'must be float64',
                                                              },
                                                            ];
                                                            return false;
                                                          }
                                                          var valid55 = _errs71 === errors;
                                                        } else {
                                                          valid55 = true;
                                                        }
                                                        if (valid55) {
                                                          if (data58.wallMs !== undefined) {
                                                            const _errs72 = errors;
                                                            if (!(typeof data58.wallMs == 'number')) {
                                                              validate1.errors = [
                                                                {
                                                                  instancePath: instancePath + '/budget/wallMs',
                                                                  schemaPath:
                                                                    '/definitions/record/optionalProperties/budget/optionalProperties/wallMs/type',
                                                                  keyword: 'type',
                                                                  params: { type: 'float64', nullable: false },
                                                                  message: 'must be float64',
                                                                },
                                                              ];
                                                              return false;
                                                            }
                                                            var valid55 = _errs72 === errors;
                                                          } else {
                                                            valid55 = true;
                                                          }
                                                          if (valid55) {
                                                            if (data58.onExceeded !== undefined) {
                                                              let data64 = data58.onExceeded;
                                                              const _errs73 = errors;
                                                              if (!(
                                                                typeof data64 == 'string' &&
                                                                (data64 === 'error' || data64 === 'interrupt')
                                                              )) {
                                                                validate1.errors = [
                                                                  {
                                                                    instancePath: instancePath + '/budget/onExceeded',
                                                                    schemaPath:
                                                                      '/definitions/record/optionalProperties/budget/optionalProperties/onExceeded/enum',
                                                                    keyword: 'enum',
                                                                    params: {
                                                                      allowedValues:
                                                                        schema1.optionalProperties.budget.optionalProperties.onExceeded
                                                                          .enum,
                                                                    },
                                                                    message: 'must be equal to one of the allowed values',
                                                                  },
                                                                ];
                                                                return false;
                                                              }
                                                              var valid55 = _errs73 === errors;
                                                            } else {
                                                              valid55 = true;
                                                            }
                                                            if (valid55) {
                                                              for (const key1 in data58) {
                                                                if (
                                                                  key1 !== 'tokens' &&
                                                                  key1 !== 'costUsd' &&
                                                                  key1 !== 'modelCalls' &&
                                                                  key1 !== 'toolCalls' &&
                                                                  key1 !== 'wallMs' &&
                                                                  key1 !== 'onExceeded'
                                                                ) {
                                                                  validate1.errors = [
                                                                    {
                                                                      instancePath:
                                                                        instancePath +
                                                                        '/budget/' +
                                                                        key1.replace(/~/g, '~0').replace(/\//g, '~1'),
                                                                      schemaPath: '/definitions/record/optionalProperties/budget',
                                                                      keyword: 'optionalProperties',
                                                                      params: { error: 'additional', additionalProperty: key1 },
                                                                      message: 'must NOT have additional properties',
                                                                    },
                                                                  ];
                                                                  return false;
                                                                  break;
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                                if (!valid53) {
                                                  validate1.errors = [
                                                    {
                                                      instancePath: instancePath + '/budget',
                                                      schemaPath: '/definitions/record/optionalProperties/budget/optionalProperties',
                                                      keyword: 'optionalProperties',
                                                      params: { type: 'object', nullable: false },
                                                      message: 'must be object',
                                                    },
                                                  ];
                                                  return false;
                                                }
                                                var valid45 = _errs67 === errors;
                                              } else {
                                                valid45 = true;
                                              }
                                            }
                                          }
                                        }
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  if (!valid0) {
    validate1.errors = [
      {
        instancePath,
        schemaPath: '/definitions/record/properties',
        keyword: 'properties',
        params: { type: 'object', nullable: false },
        message: 'must be object',
      },
    ];
    return false;
  }
  validate1.errors = vErrors;
  return errors === 0;
}
function validate0(data, { instancePath = '', parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (!validate1(data, { instancePath, parentData, parentDataProperty, rootData })) {
    vErrors = vErrors === null ? validate1.errors : vErrors.concat(validate1.errors);
    errors = vErrors.length;
  }
  validate0.errors = vErrors;
  return errors === 0;
}
