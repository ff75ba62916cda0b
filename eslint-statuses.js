// A request's statuses are compared in one place: the transition table and its guards in
// packages/shared/src/rules/lifecycle.ts (its server SQL twins in
// apps/api/src/domain/request/lifecycle.ts are built from the sets it exports). Everywhere else a
// status is read through a named guard, so what "open for bids" or "chat enabled" means is
// decided once. This rule refuses, outside those files:
//   - any value use of the TimelineStatus and RequestStatus enums (a member, an alias, a
//     switch case, a list of them); their use as a type stays allowed;
//   - a status field (timelineStatus, request_timeline_status, requestStatus, request_status,
//     additionalStatus, additional_status, and the history's toStatus and fromStatus) compared
//     with a number: `===`, `<`, a `switch` case,
//     drizzle's eq/ne/gt/gte/lt/lte/inArray/notInArray, and SQL text (`${t.timelineStatus} in
//     (0, 1)`, `request_status = 0`).
// ESLint's no-restricted-syntax cannot tell a value use of an imported enum from a type use, nor
// follow an alias; this rule asks the scope manager.

const ENUMS = new Set(['TimelineStatus', 'RequestStatus']);

const STATUS_FIELD =
  /^(?:(?:request_?)?timeline_?status|request_?status|additional_?status|to_?status|from_?status)$/i;

const COMPARISONS = new Set(['===', '!==', '==', '!=', '<', '<=', '>', '>=']);

const DRIZZLE_COMPARISONS = new Set([
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'inArray',
  'notInArray',
]);

/** SQL text that follows a status column: a comparison with a number, or a list of numbers. */
const SQL_AFTER_COLUMN = /^\s*(?:=|<>|!=|<=|>=|<|>|(?:not\s+)?in\b)\s*\(?\s*-?\d/i;

/** A status column named in SQL text and compared with a number there. */
const SQL_COLUMN_COMPARED =
  /\b(?:request_timeline_status|timeline_status|request_status|additional_status)\s*(?:=|<>|!=|<=|>=|<|>|(?:not\s+)?in\b)\s*\(?\s*-?\d/i;

const MESSAGES = {
  enumValue:
    '{{name}} is read only by packages/shared/src/rules/lifecycle.ts: use (or add there) the guard that names what this status means.',
  comparison:
    '{{field}} is compared with a number only in packages/shared/src/rules/lifecycle.ts: use (or add there) the guard that names what this status means.',
  sql: 'A status filter in SQL is built from the sets packages/shared/src/rules/lifecycle.ts exports (apps/api/src/domain/request/lifecycle.ts has the SQL twins).',
};

/** The expression without the wrappers that leave its value alone (`a!`, `a?.b`, `(a ?? d)`). */
function unwrap(node) {
  let current = node;
  for (;;) {
    if (current.type === 'TSNonNullExpression' || current.type === 'TSAsExpression') {
      current = current.expression;
    } else if (current.type === 'ChainExpression') {
      current = current.expression;
    } else if (current.type === 'LogicalExpression' && current.operator === '??') {
      current = current.left;
    } else {
      return current;
    }
  }
}

/** The status field an expression reads (`timelineStatus`, `row.request_status`), or null. */
function statusField(node) {
  const target = unwrap(node);
  if (target.type === 'Identifier') return STATUS_FIELD.test(target.name) ? target.name : null;
  if (target.type !== 'MemberExpression') return null;
  const key = target.property;
  if (!target.computed && key.type === 'Identifier') {
    return STATUS_FIELD.test(key.name) ? key.name : null;
  }
  if (key.type === 'Literal' && typeof key.value === 'string') {
    return STATUS_FIELD.test(key.value) ? key.value : null;
  }
  return null;
}

function isNumber(node) {
  const target = unwrap(node);
  if (target.type === 'Literal') return typeof target.value === 'number';
  return target.type === 'UnaryExpression' && target.operator === '-' && isNumber(target.argument);
}

function holdsNumber(node) {
  return (
    isNumber(node) ||
    (node.type === 'ArrayExpression' && node.elements.some((e) => e !== null && isNumber(e)))
  );
}

function calleeName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    return node.property.name;
  }
  return null;
}

const statusesInTable = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps a request's status comparisons in the shared transition table" },
    schema: [],
    messages: MESSAGES,
  },
  create(context) {
    const { sourceCode } = context;

    function reportEnumValueUses(specifier) {
      if (specifier.importKind === 'type' || specifier.parent.importKind === 'type') return;
      for (const variable of sourceCode.getDeclaredVariables(specifier)) {
        for (const reference of variable.references) {
          // typescript-eslint's scope manager marks a type position; plain ESLint has no types.
          if (reference.isValueReference === false) continue;
          const node = reference.identifier;
          const used = node.parent.type === 'MemberExpression' ? node.parent : node;
          context.report({ node: used, messageId: 'enumValue', data: { name: variable.name } });
        }
      }
    }

    return {
      ImportDeclaration(node) {
        for (const specifier of node.specifiers) {
          const imported =
            specifier.type === 'ImportSpecifier'
              ? (specifier.imported.name ?? specifier.imported.value)
              : null;
          if (imported && ENUMS.has(imported)) reportEnumValueUses(specifier);
        }
      },
      BinaryExpression(node) {
        if (!COMPARISONS.has(node.operator)) return;
        const field =
          (isNumber(node.right) && statusField(node.left)) ||
          (isNumber(node.left) && statusField(node.right));
        if (field) context.report({ node, messageId: 'comparison', data: { field } });
      },
      SwitchStatement(node) {
        const field = statusField(node.discriminant);
        if (!field) return;
        for (const branch of node.cases) {
          if (branch.test && isNumber(branch.test)) {
            context.report({ node: branch, messageId: 'comparison', data: { field } });
          }
        }
      },
      CallExpression(node) {
        if (!DRIZZLE_COMPARISONS.has(calleeName(node.callee))) return;
        const [column, value] = node.arguments;
        const field = column && statusField(column);
        if (field && value && holdsNumber(value)) {
          context.report({ node, messageId: 'comparison', data: { field } });
        }
      },
      TemplateLiteral(node) {
        node.expressions.forEach((expression, i) => {
          const after = node.quasis[i + 1];
          if (statusField(expression) && after && SQL_AFTER_COLUMN.test(after.value.raw)) {
            context.report({ node: after, messageId: 'sql' });
          }
        });
      },
      TemplateElement(node) {
        if (SQL_COLUMN_COMPARED.test(node.value.raw)) context.report({ node, messageId: 'sql' });
      },
      Literal(node) {
        if (typeof node.value === 'string' && SQL_COLUMN_COMPARED.test(node.value)) {
          context.report({ node, messageId: 'sql' });
        }
      },
    };
  },
};

export default { rules: { 'statuses-in-table': statusesInTable } };
