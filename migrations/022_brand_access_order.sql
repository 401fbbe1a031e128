-- 022: a seller's brands list walks brand_access in brand id order, compared byte by byte as every
-- other id is; under the database's default collation (en_US, say) its pages came out in another
-- order than the one its cursor and row numbers follow.
alter table brand_access alter column brand_id type text collate "C";
