/** The HTTP methods a Path Item Object may hold (OpenAPI 3.0 §4.7.9 fixed fields), in display order. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
