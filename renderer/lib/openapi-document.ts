/**
 * The OpenAPI 3.1 document as the console's API reference reads it: the subset of the specification
 * it shows (paths, operations, parameters, bodies, responses, schemas with `$ref`, tags, security,
 * servers, examples). The served document is JSON; these types describe what the reference relies on.
 */

/** `{ "$ref": "#/components/..." }`. */
export interface Reference {
  $ref: string;
  description?: string;
  summary?: string;
}

/** A JSON Schema (2020-12, as OpenAPI 3.1 embeds it), the keywords the reference shows. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, SchemaObject | Reference>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject | Reference;
  items?: SchemaObject | Reference;
  oneOf?: (SchemaObject | Reference)[];
  anyOf?: (SchemaObject | Reference)[];
  allOf?: (SchemaObject | Reference)[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  /** OpenAPI 3.0's nullability, still met in documents. */
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
}

/** Where a parameter goes. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An operation's parameter. */
export interface ParameterObject {
  name: string;
  in: ParameterLocation;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: SchemaObject | Reference;
  example?: unknown;
}

/** A named example of a body. */
export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
}

/** One content type of a body, with its schema and examples. */
export interface MediaTypeObject {
  schema?: SchemaObject | Reference;
  example?: unknown;
  examples?: Record<string, ExampleObject | Reference>;
}

/** A request body. */
export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

/** One response of an operation. */
export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

/** Security alternatives: any one object of the list suffices, and every scheme inside it is needed. */
export type SecurityRequirement = Record<string, string[]>;

/** One operation of a path. */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  responses?: Record<string, ResponseObject | Reference>;
  security?: SecurityRequirement[];
  /** The API token permission the operation needs (this API's extension). */
  'x-permission'?: string;
}

/** The HTTP methods an OpenAPI path item may hold. */
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
/** An HTTP method as OpenAPI writes it (lower case). */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A path with its operations and the parameters they share. */
export type PathItemObject = { parameters?: (ParameterObject | Reference)[]; summary?: string; description?: string } & Partial<Record<HttpMethod, OperationObject>>;

/** A security scheme (`components.securitySchemes`). */
export interface SecuritySchemeObject {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: string;
  description?: string;
}

/** The OpenAPI 3.1 document, as far as the reference reads it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    responses?: Record<string, ResponseObject>;
    examples?: Record<string, ExampleObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
  security?: SecurityRequirement[];
}
