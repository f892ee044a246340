class nodata {}
